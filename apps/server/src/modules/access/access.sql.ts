import type { Action } from './access.policy.ts';

/**
 * The interaction rule's SQL side: the facts a Tie is made of, read in one place, and the
 * predicates of access.policy.ts for statements that decide inside the database (the chat send
 * statements). access.rule.test.ts runs these predicates and the policy on every combination
 * of facts and states and requires the same answer.
 */

/** The Tie fields as SQL columns: a statement's row (or CTE) selected with `tieFacts`. */
export const TIE_FACT_COLUMNS = [
  'viewerState',
  'targetState',
  'blockedByViewer',
  'blockedByTarget',
  'friends',
  'matched',
  'needsVerified',
  'requiresMutual',
] as const;

/**
 * The facts between the viewer's users row `v` and the other person's users row `u` (given as
 * table aliases; `u` may be absent from a left join: a member who deleted their account), as
 * quoted camel-case columns named as in TIE_FACT_COLUMNS.
 */
export function tieFacts(v: string, u: string): string {
  return `${v}.account_status as "viewerState",
    coalesce(${u}.account_status, 'DELETED') as "targetState",
    exists (select 1 from blocks b where b.blocker_seq = ${v}.seq and b.blocked_seq = ${u}.seq)
      as "blockedByViewer",
    exists (select 1 from blocks b where b.blocker_seq = ${u}.seq and b.blocked_seq = ${v}.seq)
      as "blockedByTarget",
    exists (select 1 from friendships f
             where f.user_low = least(${u}.seq, ${v}.seq) and f.user_high = greatest(${u}.seq, ${v}.seq))
      as "friends",
    exists (select 1 from matches m
             where m.user_low = least(${u}.seq, ${v}.seq) and m.user_high = greatest(${u}.seq, ${v}.seq)
               and m.status = 'active') as "matched",
    (coalesce((select s.block_unverified from user_settings s where s.user_id = ${u}.id), false)
       and not exists (select 1 from oauth_identities oi where oi.user_id = ${v}.id))
      as "needsVerified",
    coalesce((select s.require_mutual_connections from user_settings s where s.user_id = ${u}.id),
             true) as "requiresMutual"`;
}

/** The fact columns of row alias `t`, to select them on (`t."viewerState", ...`). */
export function tieFactsOf(t: string): string {
  return TIE_FACT_COLUMNS.map((c) => `${t}."${c}"`).join(', ');
}

/** `isVisible(action, tie)` over the fact columns of row alias `t`. */
export function visibleSql(action: Action, t: string): string {
  const col = (c: (typeof TIE_FACT_COLUMNS)[number]) => `${t}."${c}"`;
  const present =
    action === 'message'
      ? `${col('targetState')} in ('ACTIVE', 'DELETED')`
      : `${col('targetState')} = 'ACTIVE'`;
  const unblocked =
    action === 'block' || action === 'unblock' || action === 'report'
      ? `(${col('blockedByViewer')} or not ${col('blockedByTarget')})`
      : `not ${col('blockedByViewer')} and not ${col('blockedByTarget')}`;
  return `(${col('viewerState')} = 'ACTIVE' and ${present} and ${unblocked})`;
}

/**
 * `can('message', tie)` over the fact columns of row alias `t` (the one action the database
 * decides on its own: a send is one statement).
 */
export function canMessageSql(t: string): string {
  return `(${visibleSql('message', t)} and ${t}."targetState" = 'ACTIVE'
    and (${t}."friends" or ${t}."matched") and not ${t}."needsVerified")`;
}
