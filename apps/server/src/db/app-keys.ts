import type { Db } from './database.ts';

/**
 * A key the server makes on its first start and keeps (the VAPID keys, the device cookies'
 * signing key): made here unless stored already; with several instances starting at once, the
 * first to store one wins and every instance reads that one. An object (the column is jsonb).
 */
export async function storedAppKey<T extends object>(
  db: Db,
  name: string,
  make: () => T,
): Promise<T> {
  await db
    .insertInto('appKeys')
    .values({ name, value: JSON.stringify(make()) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('appKeys')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return (typeof row.value === 'string' ? JSON.parse(row.value) : row.value) as T;
}
