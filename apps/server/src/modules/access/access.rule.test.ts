import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKind, type TestDatabase } from '../../../test/harness.ts';
import { ACCOUNT_STATES, can, isVisible, type Action, type Tie } from './access.policy.ts';
import { canMessageSql, TIE_FACT_COLUMNS, visibleSql } from './access.sql.ts';

/**
 * The interaction rule's truth table: every combination of its facts and account states, run
 * through the policy (TypeScript) and through its SQL form (the predicates the chat send
 * statements decide with), which must answer the same on every case.
 */

const ACTIONS: readonly Action[] = [
  'view',
  'connect',
  'invite',
  'favorite',
  'message',
  'swipe',
  'disconnect',
  'block',
  'unblock',
  'report',
];

/** The boolean facts: every fact column but the two states. */
const FLAGS = TIE_FACT_COLUMNS.filter(
  (c): c is Exclude<(typeof TIE_FACT_COLUMNS)[number], 'viewerState' | 'targetState'> =>
    c !== 'viewerState' && c !== 'targetState',
);

function everyTie(): Tie[] {
  const ties: Tie[] = [];
  for (const viewerState of ACCOUNT_STATES) {
    for (const targetState of ACCOUNT_STATES) {
      for (let bits = 0; bits < 1 << FLAGS.length; bits++) {
        const tie: Tie = { viewerState, targetState } as Tie;
        FLAGS.forEach((flag, i) => (tie[flag] = (bits & (1 << i)) !== 0));
        ties.push(tie);
      }
    }
  }
  return ties;
}

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb?.drop();
});

describe(`the interaction rule (${dbKind})`, () => {
  const ties = everyTie();

  it('covers every combination of the facts', () => {
    expect(FLAGS).toHaveLength(6);
    expect(ties).toHaveLength(ACCOUNT_STATES.length ** 2 * 2 ** FLAGS.length);
  });

  it('answers the same in TypeScript and in SQL on every case', async () => {
    const literal = (v: string | boolean) => (typeof v === 'boolean' ? String(v) : `'${v}'`);
    const values = ties
      .map((t, i) => `(${i}, ${TIE_FACT_COLUMNS.map((c) => literal(t[c]!)).join(', ')})`)
      .join(',\n');
    const columns = ACTIONS.map((a) => `${visibleSql(a, 't')} as "${a}"`).join(', ');
    const { rows } = await sql<Record<string, boolean | number>>`
      select t.i, ${sql.raw(columns)}, ${sql.raw(canMessageSql('t'))} as "canMessage"
      from (values ${sql.raw(values)})
        as t(i, ${sql.raw(TIE_FACT_COLUMNS.map((c) => `"${c}"`).join(', '))})
      order by t.i`.execute(tdb.db);
    expect(rows).toHaveLength(ties.length);
    const differ: string[] = [];
    for (const row of rows) {
      const tie = ties[Number(row.i)]!;
      for (const action of ACTIONS) {
        if (row[action] !== isVisible(action, tie)) {
          differ.push(`isVisible(${action}) on ${JSON.stringify(tie)}`);
        }
      }
      if (row.canMessage !== can('message', tie)) {
        differ.push(`can(message) on ${JSON.stringify(tie)}`);
      }
    }
    expect(differ).toEqual([]);
  });

  it('hides everyone from a viewer who is not active, and every suspended or banned person', () => {
    for (const tie of ties) {
      const gone =
        tie.viewerState !== 'ACTIVE' ||
        tie.targetState === 'SUSPENDED' ||
        tie.targetState === 'BANNED';
      for (const action of ACTIONS) {
        if (gone) expect(isVisible(action, tie), `${action} ${JSON.stringify(tie)}`).toBe(false);
      }
    }
  });

  it("keeps a departed member's chat readable, and nothing else of them", () => {
    for (const tie of ties.filter((t) => t.targetState === 'DELETED')) {
      for (const action of ACTIONS) {
        const readable =
          action === 'message' &&
          tie.viewerState === 'ACTIVE' &&
          !tie.blockedByViewer &&
          !tie.blockedByTarget;
        expect(isVisible(action, tie), `${action} ${JSON.stringify(tie)}`).toBe(readable);
        expect(can(action, tie)).toBe(false);
      }
    }
  });
});
