import type { Me } from '@heartline/domain';
import type { UsersRepository } from './users.repository.ts';

export type MeRow = NonNullable<Awaited<ReturnType<UsersRepository['findMe']>>>;

/** The only shape of the signed-in user that leaves the server. */
export function presentMe(row: MeRow): Me {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    dob: row.dob,
    photoUrl: row.photoUrl,
    avatarUrl: row.avatarUrl,
    onboardingCompleted: row.onboardingCompleted ?? false,
    trustScore: row.trustScore,
    friendCount: row.friendCount,
  };
}
