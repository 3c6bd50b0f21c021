import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: string;
  seq: ColumnType<string, never, never>;
  email: string | null;
  name: string | null;
  dob: string | null;
  /** The last change of `dob` after onboarding (null: none); one per 30 days (issue 18). */
  dobChangedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
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
  trustVersion: Generated<string>;
  showInPaths: Generated<boolean>;
  isStaff: Generated<boolean>;
  isDemo: Generated<boolean>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  lastActiveAt: GeneratedTimestamp;
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
  initiatorSeq: string | null;
  matchedAt: Timestamp | null;
  declinedAt: Timestamp | null;
  lastActivityAt: GeneratedTimestamp;
}

export interface SwipesTable {
  userSeq: string;
  targetSeq: string;
  action: string;
  createdAt: GeneratedTimestamp;
}

/** One row per person who changed a setting; absent means every default (spec/3 §9). */
export interface UserSettingsTable {
  userId: string;
  discoveryVisibility: Generated<string>;
  locationSharing: Generated<boolean>;
  onlineStatus: Generated<boolean>;
  showAge: Generated<boolean>;
  notifyNewMatches: Generated<boolean>;
  notifyMessages: Generated<boolean>;
  notifyConnectionRequests: Generated<boolean>;
  notifyPromotions: Generated<boolean>;
  blockUnverified: Generated<boolean>;
  requireMutualConnections: Generated<boolean>;
  hideFromSearch: Generated<boolean>;
  readReceipts: Generated<boolean>;
  typingIndicators: Generated<boolean>;
  notifyPreview: Generated<string>;
  notifySound: Generated<boolean>;
  updatedAt: GeneratedTimestamp;
}

export interface AppKeysTable {
  name: string;
  value: unknown;
  createdAt: GeneratedTimestamp;
}

export interface PushSubscriptionsTable {
  id: string;
  userId: string;
  sessionHash: string;
  endpoint: string;
  p256dh: string;
  auth: string;
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
  failedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  createdAt: GeneratedTimestamp;
}

export interface FavoritesTable {
  userSeq: string;
  favoriteSeq: string;
  createdAt: GeneratedTimestamp;
}

export interface BlocksTable {
  blockerSeq: string;
  blockedSeq: string;
  createdAt: GeneratedTimestamp;
}

export interface ReportsTable {
  id: string;
  reporterId: string;
  reportedId: string;
  reason: string;
  context: string;
  details: Generated<string>;
  reportCount: Generated<number>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

export interface InvitationsTable {
  id: string;
  code: string;
  creatorId: string;
  message: string | null;
  maxUses: number | null;
  currentUses: Generated<number>;
  expiresAt: Timestamp | null;
  isActive: Generated<boolean>;
  isDefault: Generated<boolean>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

export interface ConnectionRequestsTable {
  id: string;
  kind: Generated<string>;
  fromUserId: string;
  toUserId: string;
  invitationId: string | null;
  status: Generated<string>;
  createdAt: GeneratedTimestamp;
  decidedAt: Timestamp | null;
}

export interface GraphChangesTable {
  id: Generated<string>;
  kind: string;
  aSeq: string;
  bSeq: string | null;
  createdAt: GeneratedTimestamp;
  trustAppliedAt: Timestamp | null;
}

export interface EventsTable {
  id: Generated<string>;
  stream: string;
  seq: string;
  type: string;
  actorId: string | null;
  payload: ColumnType<unknown, string, string>;
  createdAt: GeneratedTimestamp;
  dispatchedAt: Timestamp | null;
}

export interface EventStreamsTable {
  stream: string;
  lastSeq: string;
}

export interface ChatsTable {
  id: string;
  /** Null once that person deleted their account (the other keeps the chat). */
  userLow: string | null;
  userHigh: string | null;
  kind: Generated<string>;
  lastSeq: Generated<string>;
  lastMessageAt: Timestamp | null;
  createdAt: GeneratedTimestamp;
  /** How far a member who deleted their account had received and read (0: none left). */
  departedDeliveredSeq: Generated<string>;
  departedReadSeq: Generated<string>;
}

export interface ChatMembersTable {
  userId: string;
  chatId: string;
  deliveredSeq: Generated<string>;
  readSeq: Generated<string>;
  muted: Generated<boolean>;
}

export interface MessagesTable {
  id: string;
  chatId: string;
  seq: string;
  senderId: string | null;
  clientId: string | null;
  kind: Generated<string>;
  content: string;
  createdAt: GeneratedTimestamp;
  readAt: Timestamp | null;
}

export interface ReportEvidenceTable {
  reportId: string;
  messageId: string;
  chatId: string;
  senderId: string | null;
  content: string;
  sentAt: Timestamp;
  addedAt: GeneratedTimestamp;
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
  swipes: SwipesTable;
  userSettings: UserSettingsTable;
  appKeys: AppKeysTable;
  pushSubscriptions: PushSubscriptionsTable;
  jobs: JobsTable;
  favorites: FavoritesTable;
  blocks: BlocksTable;
  reports: ReportsTable;
  invitations: InvitationsTable;
  connectionRequests: ConnectionRequestsTable;
  graphChanges: GraphChangesTable;
  events: EventsTable;
  eventStreams: EventStreamsTable;
  chats: ChatsTable;
  chatMembers: ChatMembersTable;
  messages: MessagesTable;
  reportEvidence: ReportEvidenceTable;
}
