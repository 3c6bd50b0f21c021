import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { generate, PostgresDialect as CodegenPostgres } from 'kysely-codegen';
import * as prettier from 'prettier';
import { migrateToLatest } from './migrate.ts';
import { PGliteDialect } from './pglite-dialect.ts';

/** The generated types: checked by `schema-codegen.test.ts`, written by `npm run db:types`. */
export const GENERATED_FILE = fileURLToPath(new URL('./schema.generated.ts', import.meta.url));

/**
 * The database's TypeScript types (kysely-codegen), read off a fresh in-memory database migrated
 * by the project's own migrations, formatted as the repository formats code.
 */
export async function generateSchemaTypes(): Promise<string> {
  const client = await PGlite.create('memory://');
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(client) });
  try {
    await migrateToLatest(db);
    const text = await generate({
      db,
      dialect: new CodegenPostgres({ dateParser: 'string' }),
      camelCase: true,
      // Kysely's own migration bookkeeping.
      excludePattern: 'kysely_*',
      // int8 reads as a number (the parsers in database.ts).
      typeMapping: { int8: 'number' },
      overrides: {
        columns: {
          // JSON the code writes as text and reads back parsed.
          'photos.avatar_keys': 'ColumnType<Record<string, string>, string, string>',
          'events.payload': 'ColumnType<unknown, string, string>',
          'jobs.payload': 'ColumnType<unknown, string, string>',
          'users.prompts': 'ColumnType<unknown, string | undefined, string>',
          'app_keys.value': 'unknown',
        },
      },
      print: false,
      outFile: null,
    });
    const options = await prettier.resolveConfig(GENERATED_FILE);
    return await prettier.format(text, { ...options, filepath: GENERATED_FILE });
  } finally {
    await db.destroy();
  }
}

// `npm run db:types`: after adding a migration, write the types it implies.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(GENERATED_FILE, await generateSchemaTypes());
  console.log(`wrote ${GENERATED_FILE}`);
}
