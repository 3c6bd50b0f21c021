import type { Db, Trx } from '../../db/database.ts';

export function createUsersRepository(db: Db) {
  return {
    /** A user as a write path needs it (existence is checked against the database). */
    findRef(userId: string, trx: Trx | Db = db) {
      return trx
        .selectFrom('users')
        .select(['id', 'seq', 'name', 'avatarUrl'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    async isStaff(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('isStaff')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.isStaff ?? false;
    },

    findById(id: string) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findMe(id: string) {
      return db
        .selectFrom('users')
        .leftJoin('userOnboardingStatus as o', 'o.userId', 'users.id')
        .select([
          'users.id',
          'users.email',
          'users.name',
          'users.dob',
          'users.photoUrl',
          'users.avatarUrl',
          'users.trustScore',
          'users.friendCount',
          'o.onboardingCompleted',
        ])
        .where('users.id', '=', id)
        .executeTakeFirst();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
