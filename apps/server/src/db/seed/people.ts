import { INTEREST_OPTIONS, type DatingGoal, type Gender, type InterestedIn } from './personas.ts';
import type { Random } from './random.ts';

/** Cities of the demo world with a rough relative size, which sets each community's share. */
export const CITIES: readonly { name: string; weight: number }[] = [
  { name: 'Amsterdam', weight: 9 },
  { name: 'Rotterdam', weight: 5 },
  { name: 'Utrecht', weight: 4 },
  { name: 'The Hague', weight: 4 },
  { name: 'Berlin', weight: 9 },
  { name: 'Hamburg', weight: 5 },
  { name: 'Munich', weight: 5 },
  { name: 'Cologne', weight: 3 },
  { name: 'Paris', weight: 8 },
  { name: 'Lyon', weight: 3 },
  { name: 'London', weight: 9 },
  { name: 'Manchester', weight: 4 },
  { name: 'Dublin', weight: 4 },
  { name: 'Brussels', weight: 4 },
  { name: 'Antwerp', weight: 2 },
  { name: 'Copenhagen', weight: 4 },
  { name: 'Stockholm', weight: 4 },
  { name: 'Oslo', weight: 3 },
  { name: 'Helsinki', weight: 2 },
  { name: 'Vienna', weight: 4 },
  { name: 'Zurich', weight: 3 },
  { name: 'Prague', weight: 3 },
  { name: 'Warsaw', weight: 4 },
  { name: 'Barcelona', weight: 6 },
  { name: 'Madrid', weight: 6 },
  { name: 'Lisbon', weight: 4 },
  { name: 'Milan', weight: 4 },
  { name: 'Rome', weight: 4 },
  { name: 'New York', weight: 7 },
  { name: 'Toronto', weight: 4 },
];

// First names are single words; last names may hold spaces, so they are comma-separated.
const WOMEN = (
  'Emma Olivia Sophie Mila Julia Sara Lotte Anna Lena Hannah Marie Clara Amelia Isla ' +
  'Chloe Zoe Léa Camille Chiara Ayla Giulia Sofia Lucia Martina Beatriz Freya Astrid ' +
  'Ingrid Elin Saga Maja Zuzana Katarzyna Aisha Fatima Yasmin Priya Mei Yuki Hana Nora ' +
  'Eva Roos Fleur Noor Amira Leila Grace Ruby Charlotte Alice Maya Ava Ella Laura Paula ' +
  'Elena Irene Daniela'
).split(' ');
const MEN = (
  'Liam Noah Lucas Daan Sem Finn Milan Levi Jesse Thijs Ben Paul Felix Jonas Leon Max ' +
  'Elias Louis Hugo Arthur Jules Mathis Luca Matteo Lorenzo Marco Pablo Javier Diego ' +
  'Tiago João Oliver Harry George Jack Oscar Erik Lars Mikkel Anders Jakub Tomasz Ahmed ' +
  'Omar Youssef Karim Arjun Rohan Wei Kenji Daniel David Samuel Adam Thomas Martin Simon ' +
  'Niels Stefan Mateo'
).split(' ');
const NEUTRAL = (
  'Alex Sam Robin Charlie Jamie Noa Kai River Sasha Quinn Eden Ari Jules Morgan Luka ' +
  'Rowan Sky Nico Ash Remy'
).split(' ');
const LAST = (
  'de Vries,Jansen,van Dijk,Visser,Smit,Meijer,de Boer,Mulder,Bos,Vos,Peters,Hendriks,' +
  'Müller,Schmidt,Schneider,Fischer,Weber,Wagner,Becker,Schulz,Martin,Bernard,Dubois,' +
  'Durand,Lefebvre,Moreau,Laurent,Rossi,Russo,Ferrari,Esposito,Bianchi,Romano,García,' +
  'Fernández,González,Rodríguez,López,Martínez,Silva,Santos,Ferreira,Costa,Smith,Jones,' +
  "Taylor,Brown,Williams,Wilson,Evans,Murphy,O'Brien,Kelly,Walsh,Hansen,Nielsen,Larsen," +
  'Andersson,Johansson,Karlsson,Lindqvist,Virtanen,Korhonen,Nowak,Kowalski,Wiśniewski,' +
  'Novák,Svoboda,Gruber,Huber,Peeters,Janssens,Maes,Khan,Ali,Haddad,Benali,Patel,Sharma,' +
  'Chen,Wang,Li,Nguyen,Tanaka,Sato,Kim,Park,Cohen,Levi'
).split(',');

const JOBS = [
  'Nurse',
  'Software developer',
  'Teacher',
  'Architect',
  'Chef',
  'Physiotherapist',
  'Graphic designer',
  'Lawyer',
  'Student',
  'Photographer',
  'Data analyst',
  'Barista',
  'Marketing lead',
  'Researcher',
  'Electrician',
  'Journalist',
  'Product manager',
  'Doctor',
  'Musician',
  'Carpenter',
  'Accountant',
  'Social worker',
  'Pilot',
  'Florist',
  'Founder',
];
const OPENERS = [
  '{job} in {city}.',
  '{job}, born and raised in {city}.',
  'Moved to {city} for work, stayed for the people. {job}.',
  '{job} by day.',
  'Part-time {jobLower}, full-time optimist.',
  'New-ish in {city} and saying yes to things.',
];
const MIDDLES = [
  'Happiest with {a} or {b} on the plan.',
  'Ask me about {a}; I will ask you about {b}.',
  'Weekends: {a}, {b} and long breakfasts.',
  'Into {a}, slowly getting into {b}.',
  'You will find me somewhere between {a} and {b}.',
  'Big on {a}. Terrible at {b}, but I keep trying.',
];
const CLOSERS = [
  'Looking for kind people and good stories.',
  'Say hi if you know a good bakery.',
  'Friends of friends welcome.',
  'Here to meet people worth knowing.',
  'Bonus points for bad puns.',
  '',
];

export type GeneratedPerson = {
  name: string;
  email: string;
  dob: string;
  gender: Gender;
  interestedIn: InterestedIn;
  datingGoal: DatingGoal;
  bio: string;
  /** Index into CITIES; it is also the person's community in the friend graph. */
  city: number;
  interests: string[];
};

const AGE_BANDS: readonly { min: number; max: number; weight: number }[] = [
  { min: 18, max: 21, weight: 8 },
  { min: 22, max: 29, weight: 38 },
  { min: 30, max: 40, weight: 34 },
  { min: 41, max: 50, weight: 12 },
  { min: 51, max: 60, weight: 6 },
  { min: 61, max: 70, weight: 2 },
];

/** A birthdate making the person exactly `age` on `today` (a random day within that year). */
function dobForAge(age: number, today: Date, rng: Random): string {
  const latest = Date.UTC(today.getUTCFullYear() - age, today.getUTCMonth(), today.getUTCDate());
  // 1..364 days earlier keeps the age exact, also around 29 February.
  const d = new Date(latest - rng.int(1, 364) * 86_400_000);
  return d.toISOString().slice(0, 10);
}

function genderAndPreference(rng: Random): { gender: Gender; interestedIn: InterestedIn } {
  const r = rng.next();
  if (r < 0.04) {
    return {
      gender: 'nonbinary',
      interestedIn: rng.chance(0.8) ? 'everyone' : rng.pick(['women', 'men'] as const),
    };
  }
  const gender: Gender = r < 0.52 ? 'woman' : 'man';
  const p = rng.next();
  const opposite: InterestedIn = gender === 'woman' ? 'men' : 'women';
  const same: InterestedIn = gender === 'woman' ? 'women' : 'men';
  return { gender, interestedIn: p < 0.8 ? opposite : p < 0.9 ? 'everyone' : same };
}

function asciiSlug(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');
}

export function generatePerson(
  index: number,
  rng: Random,
  cityWeights: readonly number[],
  today: Date,
): GeneratedPerson {
  const { gender, interestedIn } = genderAndPreference(rng);
  const first = rng.pick(gender === 'woman' ? WOMEN : gender === 'man' ? MEN : NEUTRAL);
  const last = rng.pick(LAST);
  const band = rng.weighted(
    AGE_BANDS,
    AGE_BANDS.map((b) => b.weight),
  );
  const city = rng.weighted(
    CITIES.map((_, i) => i),
    cityWeights,
  );
  const cityName = CITIES[city]!.name;
  const interests = rng.sample(INTEREST_OPTIONS, rng.int(3, 7));
  const job = rng.pick(JOBS);
  // Acronyms such as DIY keep their capitals inside a sentence.
  const [a, b] = interests.map((i) => (i === i.toUpperCase() ? i : i.toLowerCase()));
  const bio = [
    fill(rng.pick(OPENERS), { job, jobLower: job.toLowerCase(), city: cityName }),
    fill(rng.pick(MIDDLES), { a: a ?? 'music', b: b ?? 'travel' }),
    rng.pick(CLOSERS),
  ]
    .filter(Boolean)
    .join(' ');
  return {
    name: `${first} ${last}`,
    email: `${asciiSlug(first)}.${asciiSlug(last)}.${index}@demo.heartline.test`,
    dob: dobForAge(rng.int(band.min, band.max), today, rng),
    gender,
    interestedIn,
    datingGoal: rng.weighted(['dating', 'both', 'networking'] as const, [45, 40, 15]),
    bio,
    city,
    interests,
  };
}
