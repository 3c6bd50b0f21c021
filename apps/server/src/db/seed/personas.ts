/**
 * Named personas shared by the demo seed and the tests. Their friendships among each other
 * give alice a known network shape:
 *
 *   1st degree of alice: bob, carol, dave, erin
 *   2nd degree of alice: frank (via bob), grace (via carol)
 *   3rd degree of alice: heidi (via bob, frank), ivan (via carol, grace)
 *   judy: friends with heidi and ivan, well connected in her own city
 *   nina: just signed up (no friends, no photo, onboarding not finished)
 *
 * The seed also gives some personas friends among the generated users (`extraFriends`).
 * frank, grace, heidi and ivan get none, so their distance from alice cannot shrink however
 * the generated graph turns out.
 */

export type Gender = 'woman' | 'man' | 'nonbinary';
export type InterestedIn = 'women' | 'men' | 'everyone';
export type DatingGoal = 'networking' | 'dating' | 'both';

export type Persona = {
  key: string;
  name: string;
  email: string;
  /** ISO date; null while onboarding has not asked for it. */
  dob: string | null;
  gender: Gender;
  interestedIn: InterestedIn;
  datingGoal: DatingGoal;
  bio: string;
  location: string;
  interests: string[];
  /** Subject at the embedded development OpenID provider ('dev'). */
  subject: string;
  /** Keys of persona friends; the relation is symmetric, listing it on one side is enough. */
  friends: string[];
  /** How many generated users of the persona's city also become friends. */
  extraFriends: number;
  hasPhoto: boolean;
  onboardingCompleted: boolean;
  /** A staff role for trying the console (/staff); they enroll a passkey on the first visit. */
  staffRole?: 'moderator' | 'admin';
};

/** Interest options of spec/1 §3, in the spec's order. */
export const INTEREST_OPTIONS = [
  'Technology',
  'Music',
  'Sports',
  'Travel',
  'Photography',
  'Cooking',
  'Reading',
  'Movies',
  'Art',
  'Fitness',
  'Gaming',
  'Dancing',
  'Hiking',
  'Coffee',
  'Wine',
  'Fashion',
  'Yoga',
  'Meditation',
  'Entrepreneurship',
  'Marketing',
  'Design',
  'Writing',
  'Podcasts',
  'Concerts',
  'Theater',
  'Museums',
  'Beach',
  'Mountains',
  'Cycling',
  'Running',
  'Swimming',
  'Tennis',
  'Golf',
  'Basketball',
  'Football',
  'Volunteering',
  'Animals',
  'Nature',
  'Gardening',
  'DIY',
  'Cars',
] as const;

const DEMO_DOMAIN = 'demo.heartline.test';

type PersonaInput = Omit<Persona, 'email' | 'subject' | 'hasPhoto' | 'onboardingCompleted'> &
  Partial<Pick<Persona, 'hasPhoto' | 'onboardingCompleted'>>;

function persona(p: PersonaInput): Persona {
  return {
    hasPhoto: true,
    onboardingCompleted: true,
    ...p,
    email: `${p.key}@${DEMO_DOMAIN}`,
    subject: `demo-${p.key}`,
  };
}

export const personas: readonly Persona[] = [
  persona({
    key: 'alice',
    name: 'Alice Anderson',
    dob: '1994-03-12',
    gender: 'woman',
    interestedIn: 'men',
    datingGoal: 'both',
    bio: 'Product designer who sketches on every train ride. Looking for good coffee and better conversations.',
    location: 'Amsterdam',
    interests: ['Design', 'Coffee', 'Travel', 'Photography', 'Cycling', 'Museums'],
    friends: ['bob', 'carol', 'dave', 'erin'],
    extraFriends: 12,
  }),
  persona({
    key: 'bob',
    name: 'Bob Bakker',
    dob: '1991-07-04',
    gender: 'man',
    interestedIn: 'women',
    datingGoal: 'dating',
    bio: 'Backend engineer by day, amateur baker by night. My sourdough starter has a name.',
    location: 'Amsterdam',
    interests: ['Technology', 'Cooking', 'Running', 'Podcasts', 'Gaming'],
    friends: ['carol', 'frank'],
    extraFriends: 6,
  }),
  persona({
    key: 'carol',
    name: 'Carol Chen',
    dob: '1996-11-23',
    gender: 'woman',
    interestedIn: 'everyone',
    datingGoal: 'both',
    bio: 'Climbing, ceramics and karaoke. Ask me about my favourite museum.',
    location: 'Amsterdam',
    interests: ['Art', 'Museums', 'Mountains', 'Music', 'Concerts'],
    friends: ['grace'],
    extraFriends: 8,
  }),
  persona({
    key: 'dave',
    name: 'Dave Dekker',
    dob: '1988-01-30',
    gender: 'man',
    interestedIn: 'women',
    datingGoal: 'networking',
    bio: 'Founder of a small cycling-apparel brand. Always happy to swap notes with other founders.',
    location: 'Rotterdam',
    interests: ['Entrepreneurship', 'Cycling', 'Marketing', 'Fashion'],
    friends: [],
    extraFriends: 3,
  }),
  persona({
    key: 'erin',
    name: 'Erin Evans',
    dob: '1999-05-17',
    gender: 'woman',
    interestedIn: 'women',
    datingGoal: 'dating',
    bio: 'Vet student, dog person, terrible at board games but I keep playing.',
    location: 'Utrecht',
    interests: ['Animals', 'Nature', 'Hiking', 'Reading', 'Yoga'],
    friends: [],
    extraFriends: 5,
  }),
  persona({
    key: 'frank',
    name: 'Frank Fischer',
    dob: '1990-09-09',
    gender: 'man',
    interestedIn: 'everyone',
    datingGoal: 'both',
    bio: 'Jazz pianist and part-time sound engineer. Find me at small venues on Thursdays.',
    location: 'Berlin',
    interests: ['Music', 'Concerts', 'Wine', 'Theater'],
    friends: ['heidi'],
    extraFriends: 0,
  }),
  persona({
    key: 'grace',
    name: 'Grace Garcia',
    dob: '1993-02-14',
    gender: 'woman',
    interestedIn: 'men',
    datingGoal: 'dating',
    bio: 'Marathon runner training for the next one. Sunday pancakes are non-negotiable.',
    location: 'Amsterdam',
    interests: ['Running', 'Fitness', 'Cooking', 'Travel', 'Beach'],
    friends: ['ivan'],
    extraFriends: 0,
  }),
  persona({
    key: 'heidi',
    name: 'Heidi Hoffmann',
    dob: '1986-06-21',
    gender: 'woman',
    interestedIn: 'men',
    datingGoal: 'both',
    bio: 'Architect who photographs staircases. Weekends are for the mountains.',
    location: 'Berlin',
    interests: ['Design', 'Photography', 'Mountains', 'Hiking', 'Art'],
    friends: ['judy'],
    extraFriends: 0,
  }),
  persona({
    key: 'ivan',
    name: 'Ivan Ivanov',
    dob: '1992-12-03',
    gender: 'man',
    interestedIn: 'women',
    datingGoal: 'dating',
    bio: 'Chess coach and chili enthusiast. I will recommend you a podcast within five minutes.',
    location: 'Berlin',
    interests: ['Podcasts', 'Cooking', 'Reading', 'Tennis'],
    friends: ['judy'],
    extraFriends: 0,
  }),
  persona({
    key: 'judy',
    name: 'Judy Jansen',
    dob: '1989-08-08',
    gender: 'nonbinary',
    interestedIn: 'everyone',
    datingGoal: 'networking',
    bio: 'Community organiser who knows everyone in town. Volunteering, gardening and long dinners.',
    location: 'Berlin',
    interests: ['Volunteering', 'Gardening', 'Writing', 'Meditation', 'Nature'],
    friends: [],
    extraFriends: 20,
  }),
  persona({
    key: 'nina',
    name: 'Nina Novak',
    dob: null,
    gender: 'woman',
    interestedIn: 'everyone',
    datingGoal: 'both',
    bio: '',
    location: '',
    interests: [],
    friends: [],
    extraFriends: 0,
    hasPhoto: false,
    onboardingCompleted: false,
  }),
  // Staff (issue 47): with no friends, so the others' scripted distances stay as they are.
  persona({
    key: 'mona',
    name: 'Mona Moderator',
    dob: '1988-05-20',
    gender: 'woman',
    interestedIn: 'everyone',
    datingGoal: 'networking',
    bio: 'Keeps Heartline kind. Moderator.',
    location: 'Utrecht',
    interests: ['Volunteering', 'Reading'],
    friends: [],
    extraFriends: 0,
    hasPhoto: false,
    staffRole: 'moderator',
  }),
  persona({
    key: 'adam',
    name: 'Adam Admin',
    dob: '1985-11-02',
    gender: 'man',
    interestedIn: 'everyone',
    datingGoal: 'networking',
    bio: 'Runs the moderation team. Admin.',
    location: 'Utrecht',
    interests: ['Technology', 'Reading'],
    friends: [],
    extraFriends: 0,
    hasPhoto: false,
    staffRole: 'admin',
  }),
];

/** The persona with this key; throws on a typo so a test fails loudly. */
export function personaByKey(key: string): Persona {
  const p = personas.find((x) => x.key === key);
  if (!p) throw new Error(`Unknown persona '${key}'`);
  return p;
}

/** Persona friendships as unordered key pairs, each once. */
export function personaFriendPairs(): [string, string][] {
  const seen = new Set<string>();
  const pairs: [string, string][] = [];
  for (const p of personas) {
    for (const f of p.friends) {
      const pair: [string, string] = p.key < f ? [p.key, f] : [f, p.key];
      const id = pair.join('|');
      if (seen.has(id)) continue;
      seen.add(id);
      pairs.push(pair);
    }
  }
  return pairs;
}
