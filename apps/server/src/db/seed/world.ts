import { sql, type Insertable, type Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { MediaStorage } from '../../modules/media/media.storage.ts';
import { createCasesRepository } from '../../modules/moderation/cases.repository.ts';
import { createPhotosRepository } from '../../modules/photos/photos.repository.ts';
import type { Db, Trx } from '../database.ts';
import type { Database, UsersTable } from '../schema.ts';
import { EdgeSet, generateFriendGraph } from './graph.ts';
import { storePortraits, type PortraitSpec, type SeedPhoto } from './images.ts';
import { CITIES, generatePerson } from './people.ts';
import { personaFriendPairs, personas, type Persona } from './personas.ts';
import { Random, WeightedIndex } from './random.ts';
import { recomputeAllTrustScores } from './trust.ts';

export type SeedOptions = {
  /** Generated users besides the personas; default 3000. */
  users?: number;
  /** PRNG seed: the same seed gives the same people, photos and friendships. */
  seed?: number;
  /** Size of the shared portrait pool the generated users draw from; default 120. */
  images?: number;
  log?: (msg: string) => void;
};

export type SeedSummary = {
  users: number;
  personas: number;
  friendships: number;
  images: number;
  ms: number;
};

const DEFAULT_USERS = 3000;
const DEFAULT_SEED = 20240214;
const DEFAULT_IMAGES = 120;
const PHOTO_SHARE = 0.9;
const USER_BATCH = 500;
const EDGE_BATCH = 1000;

type Node = {
  id: string;
  row: Insertable<UsersTable>;
  photo: SeedPhoto | null;
  city: number;
  persona: Persona | null;
};

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A persona without a listed city (the newcomer has none) lands in community -1, alone. */
function cityIndex(name: string): number {
  return CITIES.findIndex((c) => c.name === name);
}

/**
 * Fills an empty database with the demo world: the named personas (who can sign in through
 * the development OpenID provider), `users` generated people with photos from a shared
 * portrait pool, a clustered friend graph over everyone, and current trust scores.
 * All rows are written in one transaction, so a failed seed leaves no half-built world.
 */
export async function seedDemoWorld(
  db: Db,
  storage: MediaStorage,
  opts: SeedOptions = {},
): Promise<SeedSummary> {
  const started = performance.now();
  const log = opts.log ?? (() => undefined);
  const seed = opts.seed ?? DEFAULT_SEED;
  const userCount = opts.users ?? DEFAULT_USERS;
  const poolSize = Math.max(1, opts.images ?? DEFAULT_IMAGES);
  const rng = new Random(seed);
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

  const personaSpecs: PortraitSpec[] = personas
    .filter((p) => p.hasPhoto)
    .map((p, i) => ({ seed: seed + 1_000_003 * (i + 1), initials: initials(p.name) }));
  const poolSpecs: PortraitSpec[] = Array.from({ length: poolSize }, (_, i) => ({
    seed: seed + 7919 * (i + 1),
  }));
  const photos = await storePortraits(db, storage, [...personaSpecs, ...poolSpecs]);
  const personaPhotos = photos.slice(0, personaSpecs.length);
  const poolPhotos = photos.slice(personaSpecs.length);
  log(`rendered and processed ${photos.length} portraits (${elapsed()})`);
  const photoColumns = (photo: SeedPhoto | null) => ({
    photoUrl: photo ? storage.urlFor(photo.mainKey) : null,
    avatarUrl: photo?.avatarKeys['128'] ? storage.urlFor(photo.avatarKeys['128']) : null,
  });

  const nodes: Node[] = [];
  let personaPhoto = 0;
  for (const p of personas) {
    const id = uuidv7();
    const photo = p.hasPhoto ? personaPhotos[personaPhoto++]! : null;
    nodes.push({
      id,
      city: cityIndex(p.location),
      persona: p,
      photo,
      row: {
        id,
        email: p.email,
        name: p.name,
        dob: p.dob,
        gender: p.gender,
        interestedIn: p.interestedIn,
        datingGoal: p.datingGoal,
        bio: p.bio,
        location: p.location,
        interests: p.interests,
        ...photoColumns(photo),
        isDemo: true,
      },
    });
  }
  const today = new Date();
  const cityWeights = CITIES.map((c) => c.weight);
  for (let i = 0; i < userCount; i++) {
    const g = generatePerson(i + 1, rng, cityWeights, today);
    const id = uuidv7();
    const photo = rng.chance(PHOTO_SHARE) ? rng.pick(poolPhotos) : null;
    nodes.push({
      id,
      city: g.city,
      persona: null,
      photo,
      row: {
        id,
        email: g.email,
        name: g.name,
        dob: g.dob,
        gender: g.gender,
        interestedIn: g.interestedIn,
        datingGoal: g.datingGoal,
        bio: g.bio,
        location: CITIES[g.city]!.name,
        interests: g.interests,
        ...photoColumns(photo),
        isDemo: true,
      },
    });
  }

  const edges = buildEdges(nodes, rng);
  log(`generated ${nodes.length} users and ${edges.edges.length} friendships (${elapsed()})`);

  await db.transaction().execute(async (trx) => {
    const seqById = await insertUsers(trx, nodes);
    await insertPersonaAccounts(trx, nodes);
    await insertOnboarding(trx, nodes);
    await insertPhotos(trx, nodes);
    log(`inserted users and photos (${elapsed()})`);

    const seqs = nodes.map((n) => seqById.get(n.id)!);
    const rows = edges.edges.map(([a, b]) => {
      const [lo, hi] = seqs[a]! < seqs[b]! ? [seqs[a]!, seqs[b]!] : [seqs[b]!, seqs[a]!];
      return { userLow: lo, userHigh: hi };
    });
    for (const batch of chunks(rows, EDGE_BATCH)) {
      await trx.insertInto('friendships').values(batch).execute();
    }
    log(`inserted friendships (${elapsed()})`);

    await recomputeAllTrustScores(trx);
    log(`computed trust scores (${elapsed()})`);
    await insertReports(db, trx, nodes);
  });

  const summary: SeedSummary = {
    users: nodes.length,
    personas: personas.length,
    friendships: edges.edges.length,
    images: photos.length,
    ms: Math.round(performance.now() - started),
  };
  log(`seeded in ${elapsed()}`);
  return summary;
}

/**
 * Two open cases for the moderator persona to try the console with: generated people reported
 * by others, through the same statements as a report filed in the app (snapshot kept).
 */
const DEMO_REPORTS = [
  {
    reported: 0,
    reporters: [2, 3, 4],
    reason: 'harassment',
    details: 'Keeps messaging after I said no.',
  },
  { reported: 1, reporters: [5], reason: 'fake_profile', details: 'These photos are of a model.' },
] as const;

async function insertReports(db: Db, trx: Trx, nodes: readonly Node[]): Promise<void> {
  const people = nodes.filter((n) => !n.persona);
  if (people.length < 6) return;
  const cases = createCasesRepository(db);
  for (const demo of DEMO_REPORTS) {
    const reportedId = people[demo.reported]!.id;
    const { id: caseId } = await cases.openCase(trx, reportedId, uuidv7());
    const snapshot = (await cases.snapshot(trx, reportedId))!;
    for (const at of demo.reporters) {
      await cases.insertReport(trx, {
        id: uuidv7(),
        caseId,
        reporterId: people[at]!.id,
        reportedId,
        reason: demo.reason,
        context: 'discover',
        details: demo.details,
        snapshot,
      });
    }
    await cases.refreshCase(trx, caseId);
  }
}

/** Seeds only a database without users; returns whether it seeded. */
export async function seedIfEmpty(
  db: Db,
  storage: MediaStorage,
  opts: SeedOptions = {},
): Promise<boolean> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  await seedDemoWorld(db, storage, opts);
  return true;
}

/**
 * The generated graph covers generated users only; personas get their scripted friendships
 * plus `extraFriends` well-connected people from their own city. Keeping the generated graph
 * away from the personas keeps their scripted distances from alice exact.
 */
function buildEdges(nodes: readonly Node[], rng: Random): EdgeSet {
  const edges = new EdgeSet(nodes.length);
  generateFriendGraph(edges, {
    community: nodes.map((n) => n.city),
    eligible: (i) => nodes[i]!.persona === null,
    rng,
  });

  const indexByKey = new Map(
    nodes.flatMap((n, i) => (n.persona ? [[n.persona.key, i] as const] : [])),
  );
  for (const [a, b] of personaFriendPairs()) edges.add(indexByKey.get(a)!, indexByKey.get(b)!);

  const friendCount = new Array<number>(nodes.length).fill(0);
  for (const [a, b] of edges.edges) {
    friendCount[a]!++;
    friendCount[b]!++;
  }
  nodes.forEach((n, i) => {
    if (!n.persona || n.persona.extraFriends === 0) return;
    const candidates = nodes.flatMap((m, j) =>
      m.persona === null && m.city === n.city ? [j] : [],
    );
    if (candidates.length === 0) return;
    // Popular people are likelier to be anyone's friend, as in the generated graph.
    const index = new WeightedIndex(candidates.map((j) => friendCount[j]! + 1));
    const wanted = Math.min(n.persona.extraFriends, candidates.length);
    let added = 0;
    // Repeated draws of the same popular person are skipped; the cap ends a hopeless search.
    for (let tries = 0; added < wanted && tries < wanted * 20; tries++) {
      if (edges.add(i, candidates[index.draw(rng)]!)) added++;
    }
  });
  return edges;
}

async function insertUsers(
  trx: Kysely<Database>,
  nodes: readonly Node[],
): Promise<Map<string, number>> {
  const seqById = new Map<string, number>();
  for (const batch of chunks(nodes, USER_BATCH)) {
    const inserted = await trx
      .insertInto('users')
      .values(batch.map((n) => n.row))
      .returning(['id', 'seq'])
      .execute();
    for (const r of inserted) seqById.set(r.id, r.seq);
  }
  return seqById;
}

async function insertPersonaAccounts(trx: Kysely<Database>, nodes: readonly Node[]): Promise<void> {
  const withPersona = nodes.flatMap((n) => (n.persona ? [{ id: n.id, p: n.persona }] : []));
  await trx
    .insertInto('devIdpAccounts')
    .values(withPersona.map(({ p }) => ({ subject: p.subject, name: p.name, email: p.email })))
    .execute();
  await trx
    .insertInto('oauthIdentities')
    .values(
      withPersona.map(({ id, p }) => ({
        provider: 'dev',
        subject: p.subject,
        userId: id,
        email: p.email,
      })),
    )
    .execute();
  const staff = withPersona.flatMap(({ id, p }) =>
    p.staffRole ? [{ userId: id, role: p.staffRole }] : [],
  );
  if (staff.length > 0) await trx.insertInto('staffRoles').values(staff).execute();
}

async function insertOnboarding(trx: Kysely<Database>, nodes: readonly Node[]): Promise<void> {
  const now = new Date();
  const rows = nodes.map((n) => {
    const done = n.persona?.onboardingCompleted ?? true;
    return {
      userId: n.id,
      onboardingCompleted: done,
      completionDate: done ? now : null,
      profileStepCompleted: done,
      photoStepCompleted: done,
      preferencesStepCompleted: done,
    };
  });
  for (const batch of chunks(rows, USER_BATCH)) {
    await trx.insertInto('userOnboardingStatus').values(batch).execute();
  }
}

/** One current photos row per user with a photo; pooled pictures share their files. */
async function insertPhotos(trx: Kysely<Database>, nodes: readonly Node[]): Promise<void> {
  const rows = nodes.flatMap((n) =>
    n.photo ? [{ id: uuidv7(), userId: n.id, position: 0, ...n.photo }] : [],
  );
  const photos = createPhotosRepository(trx);
  for (const batch of chunks(rows, USER_BATCH)) await photos.insertMany(trx, batch);
  // users.photo_id references photos, which reference users: link them once both exist.
  await sql`
    update users u set photo_id = p.id
    from photos p
    where p.user_id = u.id and p.replaced_at is null and u.photo_id is null
  `.execute(trx);
}
