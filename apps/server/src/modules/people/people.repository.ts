import { OPEN_REQUEST_STATUSES } from '@heartline/domain';
import type { RunPrepared } from '../../db/prepared.ts';

/** Requests waiting for their recipient (constants, never user input). */
const openStatusesSql = OPEN_REQUEST_STATUSES.map((status) => `'${status}'`).join(', ');

export type ProfilePhotoRow = {
  id: string;
  mainKey: string;
  avatarKeys: Record<string, string>;
  width: number;
  height: number;
  createdAt: string;
};

/** One person as another sees them, with what is between the two (one round trip). */
export type PersonRow = {
  seq: number;
  id: string;
  name: string | null;
  dob: string | null;
  gender: string;
  bio: string;
  location: string;
  interests: string[];
  prompts: unknown;
  datingGoal: string;
  avatarUrl: string | null;
  state: string;
  showAge: boolean;
  locationSharing: boolean;
  isVerified: boolean;
  blocksUnverified: boolean;
  requiresMutual: boolean;
  photos: ProfilePhotoRow[];
  viewerSeq: number;
  viewerState: string;
  viewerVerified: boolean;
  matched: boolean;
  requestOpen: boolean;
};

export type NameRow = { seq: number; id: string; name: string | null; avatarUrl: string | null };

/** The profile page's reads, as prepared statements (the page opens on every card tap). */
export function createPeopleRepository(prepared: RunPrepared) {
  return {
    async person(viewerId: string, targetId: string): Promise<PersonRow | undefined> {
      const [row] = await prepared<PersonRow>(
        'hl_people_profile',
        `select t.seq::int as "seq", t.id as "id", t.name as "name",
                to_char(t.dob, 'YYYY-MM-DD') as "dob", t.gender as "gender", t.bio as "bio",
                t.location as "location", t.interests as "interests", t.prompts as "prompts",
                t.dating_goal as "datingGoal", t.avatar_url as "avatarUrl",
                t.account_status as "state",
                coalesce(s.show_age, true) as "showAge",
                coalesce(s.location_sharing, true) as "locationSharing",
                exists (select 1 from oauth_identities i where i.user_id = t.id) as "isVerified",
                coalesce(s.block_unverified, false) as "blocksUnverified",
                coalesce(s.require_mutual_connections, true) as "requiresMutual",
                coalesce((select json_agg(json_build_object(
                            'id', p.id, 'mainKey', p.main_key, 'avatarKeys', p.avatar_keys,
                            'width', p.width, 'height', p.height, 'createdAt', p.created_at)
                          order by p.position)
                          from photos p where p.user_id = t.id and p.replaced_at is null),
                         '[]'::json) as "photos",
                v.seq::int as "viewerSeq", v.account_status as "viewerState",
                exists (select 1 from oauth_identities i where i.user_id = v.id) as "viewerVerified",
                exists (select 1 from matches m
                         where m.user_low = least(v.seq, t.seq)
                           and m.user_high = greatest(v.seq, t.seq)
                           and m.status = 'active') as "matched",
                exists (select 1 from connection_requests r
                         where ((r.from_user_id = v.id and r.to_user_id = t.id)
                             or (r.from_user_id = t.id and r.to_user_id = v.id))
                           and r.status in (${openStatusesSql})) as "requestOpen"
         from users t
         cross join users v
         left join user_settings s on s.user_id = t.id
         where t.id = $2 and v.id = $1`,
        [viewerId, targetId],
      );
      return row && { ...row, seq: Number(row.seq), viewerSeq: Number(row.viewerSeq) };
    },

    /** Names and avatars of mutual friends shown on the page. */
    async names(seqs: readonly number[]): Promise<NameRow[]> {
      if (seqs.length === 0) return [];
      const rows = await prepared<NameRow>(
        'hl_people_names',
        `select u.seq::int as "seq", u.id as "id", u.name as "name", u.avatar_url as "avatarUrl"
         from users u where u.seq = any($1::bigint[]) and u.account_status = 'ACTIVE'`,
        [seqs.map(String)],
      );
      return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
    },
  };
}

export type PeopleRepository = ReturnType<typeof createPeopleRepository>;
