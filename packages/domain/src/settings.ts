import { built, z } from './zod.ts';
import { AGE_MAX, AGE_MIN } from './age.ts';
import { DISCOVERY_VISIBILITIES, DISCOVERY_VISIBILITY_DEFAULT } from './discover.ts';

/** What a message notification may show on the lock screen (settings.notifications.preview). */
export const NOTIFICATION_PREVIEWS = ['full', 'sender', 'none'] as const;
export type NotificationPreview = (typeof NOTIFICATION_PREVIEWS)[number];

export const notificationPreviewLabels: Record<NotificationPreview, string> = {
  full: 'Name and message',
  sender: 'Name only',
  none: "Only 'New message'",
};

/**
 * Each person's settings (spec/3 §3 settings object, §9 defaults), stored on the server and
 * enforced there. Beyond the spec: `chat` (read receipts and typing indicators; off means one
 * neither sends nor sees them). The path privacy switch keeps its own endpoint
 * (/api/me/privacy): it lives on the person's row because the graph index reads it.
 */
export const settingsSchema = z.lazy(() =>
  z.object({
    privacy: z.object({
      /** Stored as discovery_visibility: the farthest degree from which Discover shows you. */
      profileVisibility: z.enum(DISCOVERY_VISIBILITIES),
      /** Off: your location is shown to nobody. */
      locationSharing: z.boolean(),
      /** Off: nobody sees when you are online, and you see nobody's. */
      onlineStatus: z.boolean(),
      /** Off: your age is hidden on cards and profiles. */
      showAge: z.boolean(),
    }),
    notifications: z.object({
      newMatches: z.boolean(),
      messages: z.boolean(),
      connectionRequests: z.boolean(),
      promotions: z.boolean(),
      /** A report one made was reviewed (issue 47). */
      reportUpdates: z.boolean(),
      /**
       * What a message notification shows (beyond the spec; issue 16): the text, the sender
       * only ('New message' as its body), or nothing but 'New message'.
       */
      preview: z.enum(NOTIFICATION_PREVIEWS),
      /** A short tone with a notification (spec/3 §4). */
      sound: z.boolean(),
    }),
    safety: z.object({
      /** Unverified people cannot message you or send you requests. */
      blockUnverified: z.boolean(),
      /** Only people with at least one friend in common can send you requests. */
      requireMutualConnections: z.boolean(),
      /** You never appear in Discover, nor in anyone's network search (friends still list you). */
      hideFromSearch: z.boolean(),
    }),
    chat: z.object({
      readReceipts: z.boolean(),
      typingIndicators: z.boolean(),
    }),
    discover: z.object({
      /**
       * "Pause my profile" (issue 48): out of everyone's Discover, and one's own Discover shows
       * nobody, until resumed. Friends, chats and the Network are untouched.
       */
      paused: z.boolean(),
      /**
       * Filters (issue 48): the youngest and oldest age to show (null: 5 years either side of
       * one's own, the spec's window) and the farthest distance between cities in km (null: any).
       */
      ageMin: z.nullable(ageField()),
      ageMax: z.nullable(ageField()),
      maxDistanceKm: z.nullable(
        z
          .int({ message: discoverFilterMessages.invalidDistance })
          .check(
            z.minimum(1, discoverFilterMessages.invalidDistance),
            z.maximum(MAX_DISTANCE_KM, discoverFilterMessages.invalidDistance),
          ),
      ),
    }),
  }),
);

/** The distances the filter offers (km); the API takes any whole number up to the maximum. */
export const DISTANCE_CHOICES_KM = [5, 10, 25, 50, 100, 250, 500] as const;
export const MAX_DISTANCE_KM = 20_000;

export const discoverFilterMessages = {
  title: 'Discover filters',
  ageRange: 'Age range',
  minAge: 'Youngest',
  maxAge: 'Oldest',
  distance: 'Maximum distance',
  anyDistance: 'Any distance',
  km: (n: number) => `${n} km`,
  lookingFor: 'Looking for',
  invalidAge: `Choose an age from ${AGE_MIN} to ${AGE_MAX}`,
  invalidDistance: `Choose a distance from 1 to ${MAX_DISTANCE_KM.toLocaleString('en')} km`,
  minAboveMax: 'The youngest age cannot be above the oldest',
  defaultAges: (min: number, max: number) => `Default: ${min}–${max}, 5 years either side of you`,
  needsCity: 'Choose your city in Edit Profile to filter by distance',
  save: 'Show people',
  reset: 'Reset filters',
  widen: 'Change filters',
  saved: 'Filters saved',
  saveFailed: 'Could not save your filters. Please try again.',
} as const;

function ageField() {
  return z
    .int({ message: discoverFilterMessages.invalidAge })
    .check(
      z.minimum(AGE_MIN, discoverFilterMessages.invalidAge),
      z.maximum(AGE_MAX, discoverFilterMessages.invalidAge),
    );
}
export type Settings = z.infer<typeof settingsSchema>;

/** spec/3 §9 settings defaults. */
export const DEFAULT_SETTINGS: Settings = {
  privacy: {
    profileVisibility: DISCOVERY_VISIBILITY_DEFAULT,
    locationSharing: true,
    onlineStatus: true,
    showAge: true,
  },
  notifications: {
    newMatches: true,
    messages: true,
    connectionRequests: true,
    promotions: false,
    reportUpdates: true,
    preview: 'full',
    sound: true,
  },
  safety: { blockUnverified: false, requireMutualConnections: true, hideFromSearch: false },
  chat: { readReceipts: true, typingIndicators: true },
  discover: { paused: false, ageMin: null, ageMax: null, maxDistanceKm: null },
};

const atLeastOne = (value: object) => Object.keys(value).length > 0;

/** A change to some settings: any subset of the groups and of their fields, nothing unknown. */
export const updateSettingsSchema = z.lazy(() => {
  const settings = built(settingsSchema).shape;
  return z
    .strictObject({
      privacy: z.optional(z.partial(z.strictObject(settings.privacy.shape))),
      notifications: z.optional(z.partial(z.strictObject(settings.notifications.shape))),
      safety: z.optional(z.partial(z.strictObject(settings.safety.shape))),
      chat: z.optional(z.partial(z.strictObject(settings.chat.shape))),
      discover: z.optional(z.partial(z.strictObject(settings.discover.shape))),
    })
    .check(
      z.refine(
        (value) => Object.values(value).some((group) => group !== undefined && atLeastOne(group)),
        { message: 'Nothing to change' },
      ),
    );
});
export type UpdateSettings = z.infer<typeof updateSettingsSchema>;

export type SettingsGroup = keyof Settings;

/** Settings and path-privacy saves together, per user (issue 18). */
export const SETTINGS_UPDATE_LIMIT = { points: 60, windowMs: 60 * 1000 } as const;

/** Texts of the settings screen (spec/2 §8, spec/3 §2) and of the rules it enforces. */
export const settingsMessages = {
  title: 'Settings',
  privacyCard: 'Privacy & Visibility',
  appearanceCard: 'Appearance',
  notificationsCard: 'Notifications',
  safetyCard: 'Safety & Security',
  discoverCard: 'Discover',
  pauseLabel: 'Pause my profile',
  pauseHint:
    "Out of everyone's Discover, and yours shows nobody, until you resume. Friends, chats and your network stay as they are.",
  paused: 'Your profile is paused',
  resumed: 'Your profile is back in Discover',
  resume: 'Resume',
  saved: 'Privacy settings updated',
  notificationsSaved: 'Notification settings updated',
  saveFailed: 'Failed to save privacy settings',
  loadFailed: 'Failed to load profile settings',
  /** Refusals the rules give to the person who asks (403). */
  needsMutualFriend: 'This person accepts requests only from people with a friend in common',
  needsVerifiedAccount:
    'This person accepts messages and requests only from verified accounts. Sign in with Google to verify yours.',
  tooManyUpdates: 'You are changing your settings too often. Please wait a minute and try again.',
} as const;

/** The choices of profile visibility as the screen names them. */
export const profileVisibilityLabels: Record<(typeof DISCOVERY_VISIBILITIES)[number], string> = {
  '1st_only': 'Friends only (1st degree)',
  '1st_2nd': 'Friends and friends of friends (2nd degree)',
  '1st_2nd_3rd': 'Up to the 3rd degree',
};
