/**
 * The database's types, generated from the migrated schema (`schema.generated.ts`; after a
 * migration run `npm run db:types`, and `schema-codegen.test.ts` fails until it is run).
 */
export type {
  DB as Database,
  Users as UsersTable,
  UserSettings as UserSettingsTable,
} from './schema.generated.ts';
