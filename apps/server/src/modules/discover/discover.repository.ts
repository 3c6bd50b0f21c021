import { OPEN_REQUEST_STATUSES } from '@heartline/domain';
import type { RunPrepared } from '../graph/graph.prepared.ts';

/** What a card shows of one candidate, with the settings that decide what may be shown. */
export type CandidateRow = {
  seq: number;
  id: string;
  name: string | null;
  dob: string | null;
  gender: string;
  bio: string;
  location: string;
  interests: string[];
  photoUrl: string | null;
  avatarUrl: string | null;
  showAge: boolean;
  locationSharing: boolean;
  isVerified: boolean;
  /** A connection request is open between the viewer and this person (either direction). */
  requestOpen: boolean;
};

/** Requests still waiting for someone (constants, never user input). */
const openStatusesSql = OPEN_REQUEST_STATUSES.map((status) => `'${status}'`).join(', ');

/** The feed's reads: two prepared statements per page (what one swiped; the page's people). */
export function createDiscoverRepository(prepared: RunPrepared) {
  return {
    /** Everyone the viewer liked, passed or skipped (they leave the feed), and the skip count. */
    async swipedBy(seq: number): Promise<{ targets: number[]; skipped: number }> {
      const rows = await prepared<{ target: number; skip: boolean }>(
        'hl_discover_swiped',
        `select target_seq::int as "target", action = 'skip' as "skip"
         from swipes where user_seq = $1`,
        [seq],
      );
      let skipped = 0;
      for (const row of rows) if (row.skip) skipped++;
      return { targets: rows.map((row) => Number(row.target)), skipped };
    },

    async candidates(seqs: readonly number[], viewerId: string): Promise<CandidateRow[]> {
      if (seqs.length === 0) return [];
      const rows = await prepared<CandidateRow>(
        'hl_discover_people',
        `select u.seq::int as "seq", u.id as "id", u.name as "name",
                to_char(u.dob, 'YYYY-MM-DD') as "dob",
                u.gender as "gender", u.bio as "bio", u.location as "location",
                u.interests as "interests", u.photo_url as "photoUrl", u.avatar_url as "avatarUrl",
                coalesce(s.show_age, true) as "showAge",
                coalesce(s.location_sharing, true) as "locationSharing",
                exists (select 1 from oauth_identities i where i.user_id = u.id) as "isVerified",
                exists (select 1 from connection_requests r
                         where least(r.from_user_id, r.to_user_id) = least(u.id, $2::uuid)
                           and greatest(r.from_user_id, r.to_user_id) = greatest(u.id, $2::uuid)
                           and r.status in (${openStatusesSql})) as "requestOpen"
         from users u left join user_settings s on s.user_id = u.id
         where u.seq = any($1::bigint[])`,
        [seqs.map(String), viewerId],
      );
      return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
    },
  };
}

export type DiscoverRepository = ReturnType<typeof createDiscoverRepository>;
