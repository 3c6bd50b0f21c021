import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: string;
  seq: ColumnType<string, never, never>;
  email: string | null;
  name: string | null;
  dob: string | null;
  gender: Generated<string>;
  interestedIn: Generated<string>;
  bio: Generated<string>;
  location: Generated<string>;
  datingGoal: Generated<string>;
  interests: Generated<string[]>;
  photoUrl: string | null;
  avatarUrl: ColumnType<string | null, string | null | undefined, string | null>;
  photoId: ColumnType<string | null, string | null | undefined, string | null>;
  accountStatus: Generated<string>;
  trustScore: Generated<number>;
  friendCount: Generated<number>;
  secondDegreeCount: Generated<number>;
  showInPaths: Generated<boolean>;
  isStaff: Generated<boolean>;
  isDemo: Generated<boolean>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

export interface OauthIdentitiesTable {
  provider: string;
  subject: string;
  userId: string;
  email: string | null;
  createdAt: GeneratedTimestamp;
}

export interface PasswordCredentialsTable {
  userId: string;
  email: string;
  passwordHash: string;
  createdAt: GeneratedTimestamp;
}

export interface SessionsTable {
  tokenHash: string;
  userId: string;
  createdAt: GeneratedTimestamp;
  lastSeenAt: GeneratedTimestamp;
  idleExpiresAt: Timestamp;
  expiresAt: Timestamp;
  userAgent: Generated<string>;
}

export interface AuthFlowsTable {
  idHash: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string | null;
  expiresAt: Timestamp;
}

export interface DevIdpAccountsTable {
  subject: string;
  name: string;
  email: string;
  createdAt: GeneratedTimestamp;
}

export interface UserOnboardingStatusTable {
  userId: string;
  onboardingCompleted: Generated<boolean>;
  completionDate: Timestamp | null;
  profileStepCompleted: Generated<boolean>;
  photoStepCompleted: Generated<boolean>;
  preferencesStepCompleted: Generated<boolean>;
  updatedAt: GeneratedTimestamp;
}

export interface FriendshipsTable {
  userLow: string;
  userHigh: string;
  createdAt: GeneratedTimestamp;
}

export interface MediaObjectsTable {
  key: string;
  ownerId: string | null;
  contentType: string;
  bytes: number;
  createdAt: GeneratedTimestamp;
}

export interface PhotosTable {
  id: string;
  userId: string;
  mainKey: string;
  avatarKeys: ColumnType<Record<string, string>, string, string>;
  width: number;
  height: number;
  createdAt: GeneratedTimestamp;
  replacedAt: Timestamp | null;
}

export interface MatchesTable {
  id: string;
  userLow: string;
  userHigh: string;
  status: Generated<string>;
  createdAt: GeneratedTimestamp;
}

export interface JobsTable {
  id: Generated<string>;
  kind: string;
  payload: ColumnType<unknown, string, string>;
  runAt: GeneratedTimestamp;
  attempts: Generated<number>;
  lockedUntil: Timestamp | null;
  lastError: string | null;
  createdAt: GeneratedTimestamp;
}

export interface Database {
  users: UsersTable;
  oauthIdentities: OauthIdentitiesTable;
  passwordCredentials: PasswordCredentialsTable;
  sessions: SessionsTable;
  authFlows: AuthFlowsTable;
  devIdpAccounts: DevIdpAccountsTable;
  userOnboardingStatus: UserOnboardingStatusTable;
  friendships: FriendshipsTable;
  mediaObjects: MediaObjectsTable;
  photos: PhotosTable;
  matches: MatchesTable;
  jobs: JobsTable;
}
