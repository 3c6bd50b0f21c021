import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateSchemaTypes, GENERATED_FILE } from './schema-codegen.ts';

describe('the database types', () => {
  it('are what the migrations make (after a migration: npm run db:types)', async () => {
    const expected = await generateSchemaTypes();
    // A plain equality check: the diff vitest prints names the table and column that moved.
    expect(fs.readFileSync(GENERATED_FILE, 'utf8')).toBe(expected);
  }, 60_000);
});
