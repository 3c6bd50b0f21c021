import { OPEN_REQUEST_STATUSES } from '@heartline/domain';
import type { RunPrepared } from '../../db/prepared.ts';
import { accountState, type AccountState } from '../access/access.policy.ts';
import type { DiscoverPrefs } from '../graph/graph.service.ts';

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
  /** Their safety settings (who may send them a connection request). */
  blocksUnverified: boolean;
  requiresMutual: boolean;
  /** Their account state: the interaction rule's input (access.policy.ts). */
  state: AccountState;
};

/** What the viewer did that shapes their feed. */
export type ViewerState = {
  /** Everyone they liked, passed or skipped (they leave the feed). */
  swiped: number[];
  skipped: number;
  /** People with a connection request open between them and the viewer (either direction). */
  asked: Set<number>;
  /** The viewer signed in through the OpenID provider (their safety settings may ask it). */
  verified: boolean;
  /** The viewer's account state (the interaction rule's input). */
  account: AccountState;
  /** The viewer paused their profile: Discover shows them nobody until they resume. */
  paused: boolean;
  /** People who super liked the viewer (their cards say so). */
  superLikedBy: Set<number>;
  /** The filters the viewer set (settings.discover; issue 48). */
  prefs: DiscoverPrefs;
};

/** Requests still waiting for someone (constants, never user input). */
const openStatusesSql = OPEN_REQUEST_STATUSES.map((status) => `'${status}'`).join(', ');

/** The feed's reads as prepared statements: the viewer's state, and the page's people. */
export function createDiscoverRepository(prepared: RunPrepared) {
  return {
    /** One round trip: the viewer's swipes and the people they have a request open with. */
    async viewerState(seq: number, userId: string): Promise<ViewerState> {
      const rows = await prepared<{ seq: number; kind: string }>(
        'hl_discover_viewer',
        `select target_seq::int as "seq", action as "kind" from swipes where user_seq = $1
         union all
         select u.seq::int, 'request' from connection_requests r
           join users u on u.id = r.to_user_id
          where r.from_user_id = $2 and r.status in (${openStatusesSql})
         union all
         select u.seq::int, 'request' from connection_requests r
           join users u on u.id = r.from_user_id
          where r.to_user_id = $2 and r.status in (${openStatusesSql})
         union all
         select 0, 'verified' where exists (select 1 from oauth_identities where user_id = $2)
         union all
         select 0, 'account:' || account_status from users where id = $2
         union all
         select 0, 'paused' from user_settings where user_id = $2 and discover_paused
         union all
         select user_seq::int, 'superliked' from swipes
          where target_seq = $1 and action = 'superlike'
         union all
         select discover_age_min::int, 'age_min' from user_settings
          where user_id = $2 and discover_age_min is not null
         union all
         select discover_age_max::int, 'age_max' from user_settings
          where user_id = $2 and discover_age_max is not null
         union all
         select discover_max_km::int, 'max_km' from user_settings
          where user_id = $2 and discover_max_km is not null`,
        [seq, userId],
      );
      const state: ViewerState = {
        swiped: [],
        skipped: 0,
        asked: new Set(),
        verified: false,
        account: 'DELETED',
        paused: false,
        superLikedBy: new Set(),
        prefs: { ageMin: null, ageMax: null, maxKm: null },
      };
      for (const row of rows) {
        const other = Number(row.seq);
        if (row.kind.startsWith('account:')) {
          state.account = accountState(row.kind.slice('account:'.length));
          continue;
        }
        if (row.kind === 'verified') {
          state.verified = true;
          continue;
        }
        if (row.kind === 'paused') {
          state.paused = true;
          continue;
        }
        if (row.kind === 'age_min' || row.kind === 'age_max' || row.kind === 'max_km') {
          const key =
            row.kind === 'age_min' ? 'ageMin' : row.kind === 'age_max' ? 'ageMax' : 'maxKm';
          state.prefs[key] = other;
          continue;
        }
        if (row.kind === 'superliked') {
          state.superLikedBy.add(other);
          continue;
        }
        if (row.kind === 'request') {
          state.asked.add(other);
          continue;
        }
        state.swiped.push(other);
        if (row.kind === 'skip') state.skipped++;
      }
      return state;
    },

    async candidates(seqs: readonly number[]): Promise<CandidateRow[]> {
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
                coalesce(s.block_unverified, false) as "blocksUnverified",
                coalesce(s.require_mutual_connections, true) as "requiresMutual",
                u.account_status as "state"
         from users u left join user_settings s on s.user_id = u.id
         where u.seq = any($1::bigint[])`,
        [seqs.map(String)],
      );
      return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
    },
  };
}

export type DiscoverRepository = ReturnType<typeof createDiscoverRepository>;
