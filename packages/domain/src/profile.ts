import { z } from './zod.ts';
import { AGE_MAX, AGE_MIN, exactAgeOn } from './age.ts';
import { onboardingMessages } from './onboarding.ts';
import { PROMPT_IDS, promptAnswersSchema } from './prompts.ts';
import { disallowedCharactersMessage, hasDisallowedCharacters, safeText } from './text.ts';

/**
 * spec/1 §3 "Interest options". The spec calls the list 40 but names 41; every named option is
 * kept so nobody loses an interest they picked.
 */
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
export type Interest = (typeof INTEREST_OPTIONS)[number];

export const DATING_GOALS = ['networking', 'dating', 'both'] as const;
export type DatingGoal = (typeof DATING_GOALS)[number];
export const datingGoalLabels: Record<DatingGoal, string> = {
  networking: 'Networking',
  dating: 'Dating',
  both: 'Both',
};

/** DESIGN.md §3.5: gender and dating preference exist because discover needs them. */
export const GENDERS = ['woman', 'man', 'nonbinary', 'other'] as const;
export type Gender = (typeof GENDERS)[number];
export const genderLabels: Record<Gender, string> = {
  woman: 'Woman',
  man: 'Man',
  nonbinary: 'Non-binary',
  other: 'Prefer not to say',
};

export const INTERESTED_IN = ['women', 'men', 'everyone'] as const;
export type InterestedIn = (typeof INTERESTED_IN)[number];
export const interestedInLabels: Record<InterestedIn, string> = {
  women: 'Women',
  men: 'Men',
  everyone: 'Everyone',
};

export const NAME_MIN = 2;
export const NAME_MAX = 50;
export const BIO_MAX = 500;
export const LOCATION_MAX = 80;
/**
 * After onboarding, the date of birth (it sets the age Discover filters on) changes at most once
 * per this many days (issue 18); during onboarding it may be set and corrected freely.
 */
export const DOB_CHANGE_INTERVAL_DAYS = 30;
/** Profile saves (Edit Profile and the onboarding profile step together), per user (issue 18). */
export const PROFILE_UPDATE_LIMIT = { points: 60, windowMs: 60 * 1000 } as const;

/** spec/1 §5 and §8 texts, once. */
export const profileMessages = {
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: 'Name must be less than 50 characters',
  nameCharacters: disallowedCharactersMessage('Name'),
  birthdateRequired: 'Birthdate is required',
  tooYoung: 'You must be at least 18 years old',
  invalidBirthdate: 'Please enter a valid birthdate',
  invalidDateOfBirth: 'Please enter a valid date of birth',
  bioTooLong: `Bio must be at most ${BIO_MAX} characters`,
  locationTooLong: `Location must be at most ${LOCATION_MAX} characters`,
  invalidInterest: 'Choose interests from the list',
  invalidLookingFor: 'Choose networking, dating or both',
  invalidGender: 'Choose one of the listed genders',
  invalidInterestedIn: 'Choose women, men or everyone',
  loading: 'Loading your profile...',
  saveFailed: 'Failed to save profile data',
  completeOnboardingFirst: onboardingMessages.completeFirst,
  userNotFound: 'User not found',
  tooManyUpdates: 'You are saving your profile too often. Please wait a minute and try again.',
  /** `date`: the first day (YYYY-MM-DD, UTC) it may change again. */
  dobChangeTooSoon: (date: string) =>
    `Your date of birth can change once every ${DOB_CHANGE_INTERVAL_DAYS} days. You can change it again on ${date}.`,
} as const;

/**
 * Trims, then applies the onboarding name rules (spec/1 §5) and the name character rule
 * (text.ts: no control characters, line breaks or bidirectional controls). Returns an error
 * text or null.
 */
export function nameError(raw: string): string | null {
  const name = raw.trim();
  if (!name) return profileMessages.nameRequired;
  if (name.length < NAME_MIN) return profileMessages.nameTooShort;
  if (name.length > NAME_MAX) return profileMessages.nameTooLong;
  if (hasDisallowedCharacters(name, 'name')) return profileMessages.nameCharacters;
  return null;
}

/** Onboarding birthdate rules: required, 18..100. */
export function birthdateError(dob: string, today: Date = new Date()): string | null {
  if (!dob) return profileMessages.birthdateRequired;
  const age = exactAgeOn(dob, today);
  if (age === null || age < AGE_MIN) return profileMessages.tooYoung;
  if (age > AGE_MAX) return profileMessages.invalidBirthdate;
  return null;
}

/** Edit Profile date-of-birth rules: optional; when given, 18..100 with the edit texts. */
export function dateOfBirthError(dob: string | null, today: Date = new Date()): string | null {
  if (!dob) return null;
  const age = exactAgeOn(dob, today);
  if (age === null || age < AGE_MIN) return profileMessages.tooYoung;
  if (age > AGE_MAX) return profileMessages.invalidDateOfBirth;
  return null;
}

function refineWith<T>(check: (value: T) => string | null) {
  return (value: T, ctx: z.core.$RefinementCtx<T>) => {
    const message = check(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  };
}

const nameField = z.lazy(() =>
  z.pipe(
    z.string({ message: profileMessages.nameRequired }).check(z.superRefine(refineWith(nameError))),
    z.transform((s: string) => s.trim()),
  ),
);
const isoDate = z.lazy(() =>
  z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, profileMessages.invalidBirthdate)),
);

const genderField = z.lazy(() => z.enum(GENDERS, { message: profileMessages.invalidGender }));
const interestedInField = z.lazy(() =>
  z.enum(INTERESTED_IN, { message: profileMessages.invalidInterestedIn }),
);
const datingGoalField = z.lazy(() =>
  z.enum(DATING_GOALS, { message: profileMessages.invalidLookingFor }),
);

/**
 * `PUT /api/onboarding/profile` (onboarding step 2): name and birthdate (spec/1 §2) and, asked
 * since issue 48, gender, whom one is interested in and what one is looking for — the fields
 * that decide who sees whom. The app asks all of them; a client that sends only the spec's two
 * keeps what the profile has.
 */
export const onboardingProfileSchema = z.lazy(() =>
  z.strictObject({
    name: nameField,
    dob: z
      .string({ message: profileMessages.birthdateRequired })
      .check(z.superRefine(refineWith((v: string) => birthdateError(v)))),
    gender: z.optional(genderField),
    interestedIn: z.optional(interestedInField),
    datingGoal: z.optional(datingGoalField),
  }),
);
export type OnboardingProfileInput = z.infer<typeof onboardingProfileSchema>;

/** `PATCH /api/me/profile` (Edit Profile). Every field optional; absent fields stay as they are. */
export const editProfileSchema = z.lazy(() =>
  z.strictObject({
    name: z.optional(nameField),
    dob: z.optional(
      z
        .nullable(isoDate)
        .check(z.superRefine(refineWith((v: string | null) => dateOfBirthError(v)))),
    ),
    datingGoal: z.optional(datingGoalField),
    interests: z.optional(
      z.pipe(
        z
          .array(z.enum(INTEREST_OPTIONS, { message: profileMessages.invalidInterest }))
          .check(z.maxLength(INTEREST_OPTIONS.length)),
        z.transform((list: Interest[]) => [...new Set(list)]),
      ),
    ),
    gender: z.optional(genderField),
    interestedIn: z.optional(interestedInField),
    bio: z.optional(
      z
        .string()
        .check(
          z.maxLength(BIO_MAX, profileMessages.bioTooLong),
          z.trim(),
          z.superRefine(safeText('Bio', 'multiline')),
        ),
    ),
    location: z.optional(
      z
        .string()
        .check(
          z.maxLength(LOCATION_MAX, profileMessages.locationTooLong),
          z.trim(),
          z.superRefine(safeText('Location', 'line')),
        ),
    ),
    /** The whole list of answers, replacing the stored one (issue 48). */
    prompts: z.optional(promptAnswersSchema),
  }),
);
export type EditProfileInput = z.input<typeof editProfileSchema>;

export const photoSchema = z.lazy(() =>
  z.object({
    id: z.uuid(),
    /** 1080×1350 WebP. */
    url: z.string(),
    /** Square avatar variants by pixel size (64, 128, 256), cropped on the most interesting region. */
    avatars: z.record(z.string(), z.string()),
    width: z.int(),
    height: z.int(),
    updatedAt: z.string(),
  }),
);
export type Photo = z.infer<typeof photoSchema>;
/** The answer of `GET /api/me/photos` and of each change to them: every photo, main first. */
export const photoListSchema = z.lazy(() => z.array(photoSchema));

/** `GET /api/me/profile`: everything the own-profile screens show. */
export const ownProfileSchema = z.lazy(() =>
  z.object({
    id: z.uuid(),
    email: z.nullable(z.string()),
    name: z.nullable(z.string()),
    dob: z.nullable(z.string()),
    age: z.nullable(z.int()),
    gender: z.enum(GENDERS),
    interestedIn: z.enum(INTERESTED_IN),
    bio: z.string(),
    location: z.string(),
    /** The city picked from the list (places.ts); null: none yet, `location` may be old text. */
    cityId: z.nullable(z.int()),
    datingGoal: z.enum(DATING_GOALS),
    interests: z.array(z.string()),
    /** The main photo: `photos[0]`. */
    photo: z.nullable(photoSchema),
    /** Every photo, main first, in the person's order (issue 48: up to PHOTO_MAX_COUNT). */
    photos: z.array(photoSchema),
    prompts: z.array(z.object({ prompt: z.enum(PROMPT_IDS), answer: z.string() })),
    /**
     * Without an uploaded photo: the picture the sign-in provider gave (spec/1 §2, it counts as the
     * photo until one is uploaded); null otherwise.
     */
    identityPicture: z.nullable(z.string()),
    trustScore: z.int(),
    stats: z.object({
      /** People in the user's network: 1st plus 2nd degree. */
      connections: z.int(),
      matches: z.int(),
      friends: z.int(),
    }),
    completeness: z.int().check(z.minimum(0), z.maximum(100)),
    onboarding: z.object({
      completed: z.boolean(),
      profileStepCompleted: z.boolean(),
      photoStepCompleted: z.boolean(),
    }),
  }),
);
export type OwnProfile = z.infer<typeof ownProfileSchema>;

/** spec/1 §5 "Profile completeness": name 40, photo 40, interests 20, rounded. */
export function profileCompleteness(p: {
  name: string | null;
  hasPhoto: boolean;
  interests: readonly string[];
}): number {
  const score =
    (p.name?.trim() ? 40 : 0) + (p.hasPhoto ? 40 : 0) + (p.interests.length > 0 ? 20 : 0);
  return Math.round(score);
}

/** What the client keeps of a profile step that could not be saved yet (spec/1 §4). */
export const pendingOnboardingProfileSchema = z.lazy(() =>
  z.object({
    userId: z.uuid(),
    name: z.string(),
    dob: z.string(),
  }),
);
