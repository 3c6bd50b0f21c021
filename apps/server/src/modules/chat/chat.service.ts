import { v7 as uuidv7 } from 'uuid';
import {
  CHAT_PAGE,
  chatMessages,
  DELETED_USER_ID,
  discoverMessages,
  userRoom,
  type ChatList,
  type ChatSummary,
  type MessagePage,
  type MessageView,
  type SendMessageInput,
} from '@heartline/domain';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from '../../lib/errors.ts';
import type { Trx } from '../../db/database.ts';
import type { Emit, Transact } from '../events/events.outbox.ts';
import { can, inChat, isVisible } from '../access/access.policy.ts';
import { assertSettingsAllow, type Access, type Person } from '../access/access.service.ts';
import { memberView, presentChat, presentMessage, type MemberChat } from './chat.presenter.ts';
import type { CommittedEvent } from '../events/events.live.ts';
import { createSendBatcher, type GroupCommitOptions } from './chat.batch.ts';
import type { MessageRow } from './chat.messages.repository.ts';
import type { ChatRepository } from './chat.repository.ts';

export type ChatDeps = {
  repo: ChatRepository;
  access: Access;
  transact: Transact;
  findUser: (userId: string) => Promise<Person | undefined>;
  /**
   * Events were committed outside `transact` (the group-committed send): push them now and
   * let the dispatcher catch up. Called before the send is acknowledged.
   */
  committed: (events: readonly CommittedEvent[]) => void;
  groupCommit?: GroupCommitOptions;
  log?: (message: string, err: unknown) => void;
};

/**
 * Conversations and messages (docs/API-chat.md). Every path reads the chat through its member
 * row, so a chat one is not a member of does not exist; the interaction policy ('message')
 * decides the rest: a block hides the chat from both, and only friends and matches may send.
 */
export function createChatService(deps: ChatDeps) {
  const { repo, access, transact } = deps;
  const batcher = createSendBatcher(repo, deps.groupCommit, (err, size) =>
    deps.log?.(`a batch of ${size} sends failed as a whole; sending them one by one`, err),
  );

  async function me(userId: string): Promise<Person> {
    const user = await deps.findUser(userId);
    if (!user) throw new UnauthorizedError();
    return user;
  }

  /** The chat as its member sees it; a missing one, or one hidden by a block, is not found. */
  async function visibleChat(
    userId: string,
    chatId: string,
    opts: { withUnread?: boolean } = {},
    trx?: Trx,
  ): Promise<MemberChat> {
    const stored = await repo.chat(userId, chatId, opts, trx);
    const row = stored && memberView(stored);
    if (!row || !isVisible('message', row)) throw new NotFoundError(chatMessages.chatNotFound);
    return row;
  }

  /** The chat, if the viewer may send in it now. */
  async function sendableChat(userId: string, chatId: string, trx?: Trx): Promise<MemberChat> {
    const row = await visibleChat(userId, chatId, { withUnread: false }, trx);
    if (!can('message', row)) throw new ForbiddenError(chatMessages.cannotMessage);
    return row;
  }

  async function summary(row: MemberChat): Promise<ChatSummary> {
    const last = await repo.lastMessages([row]);
    return presentChat(row, last.get(row.id));
  }

  /** A retry answers what the first attempt stored, if it was for the same chat. */
  function sameChat(stored: MessageRow, chatId: string): MessageView {
    if (stored.chatId !== chatId) throw new ConflictError(chatMessages.clientIdReused);
    return presentMessage(stored, null);
  }

  return {
    async list(userId: string): Promise<ChatList> {
      const rows = (await repo.chatsOf(userId, {}))
        .map(memberView)
        .filter((row) => isVisible('message', row) && (row.lastSeq > 0 || row.kind === 'match'));
      const last = await repo.lastMessages(rows);
      const chats = rows.map((row) => presentChat(row, last.get(row.id)));
      return { chats, unreadTotal: await repo.unreadTotal(userId) };
    },

    async get(userId: string, chatId: string): Promise<ChatSummary> {
      return summary(await visibleChat(userId, chatId));
    },

    /** The chat with a friend or match, created on first use (one per pair, race-safe). */
    async open(userId: string, otherId: string): Promise<{ chat: ChatSummary; created: boolean }> {
      const viewer = await me(userId);
      const other = await access.findForAction(viewer, otherId, 'message');
      const existing = await repo.chatWith(userId, other.id);
      if (existing) return { chat: await summary(memberView(existing)), created: false };
      assertSettingsAllow('message', other.tie);
      if (!can('message', other.tie)) throw new ForbiddenError(chatMessages.cannotMessage);
      const [low, high] = viewer.seq < other.seq ? [viewer, other] : [other, viewer];
      const kind = other.tie.matched && !other.tie.friends ? 'match' : 'friend';
      const created = await transact((trx) =>
        repo.createChat(trx, { id: uuidv7(), low, high }, kind),
      );
      const row = await repo.chatWith(userId, other.id);
      if (!row) throw new NotFoundError(chatMessages.chatNotFound);
      return { chat: await summary(memberView(row)), created };
    },

    async messages(
      userId: string,
      chatId: string,
      cursor: { before?: number | undefined; after?: number | undefined; limit?: number },
    ): Promise<MessagePage> {
      const chat = await visibleChat(userId, chatId, { withUnread: false });
      const page = await repo.page(chatId, cursor, cursor.limit ?? CHAT_PAGE);
      return {
        messages: page.messages.map((m) =>
          presentMessage(m, chat.otherName, chat.receipts, chat.departedId),
        ),
        hasMore: page.hasMore,
      };
    },

    /**
     * Stores a message once per client id, numbered in the chat's order, and records
     * `message.created` for both members in the same transaction: group-committed with the
     * sends that arrive with it (chat.batch.ts), decided on its own, pushed to both members
     * as soon as it is committed, then answered.
     */
    async send(userId: string, input: SendMessageInput): Promise<MessageView> {
      const payload = {
        id: uuidv7(),
        chatId: input.chatId,
        clientId: input.clientId,
        senderId: userId,
        content: input.content,
        createdAt: new Date().toISOString(),
        readAt: null,
      };
      const submitted = await batcher.submit({ ...payload, payload });
      const outcome = submitted && inChat(submitted);
      if (!outcome || !isVisible('message', outcome)) {
        throw new NotFoundError(chatMessages.chatNotFound);
      }
      assertSettingsAllow('message', outcome);
      if (!can('message', outcome)) throw new ForbiddenError(chatMessages.cannotMessage);
      if (outcome.seq === null) {
        // A retry: answer what the first attempt stored (the same chat, or a conflict).
        const stored = await repo.byClientId(userId, input.clientId);
        if (!stored) throw new ConflictError(chatMessages.clientIdReused);
        return sameChat(stored, input.chatId);
      }
      const message = { ...payload, seq: outcome.seq };
      const event = (stream: string, seq: number | null): CommittedEvent[] =>
        seq === null ? [] : [{ stream, seq, type: 'message.created', payload: { message } }];
      deps.committed([
        ...event(userRoom(userId), outcome.senderEventSeq),
        ...event(userRoom(outcome.otherId), outcome.otherEventSeq),
      ]);
      return message;
    },

    /**
     * Inside a match's transaction: the pair's chat becomes a match chat (created if absent)
     * and gets the system greeting, shown to each as 'Say hello to' the other. Answers its id.
     */
    async startMatchChat(trx: Trx, emit: Emit, a: Person, b: Person): Promise<string> {
      const [low, high] = a.seq < b.seq ? [a, b] : [b, a];
      const chatId = await repo.matchChat(trx, low, high);
      const greeting = await repo.insertSystemMessage(
        trx,
        chatId,
        discoverMessages.greeting(b.name ?? chatMessages.someone),
      );
      for (const [reader, other] of [
        [a, b],
        [b, a],
      ] as const) {
        const message = presentMessage(greeting, other.name);
        emit(userRoom(reader.id), 'message.created', { message }, a.id);
        emit(userRoom(reader.id), 'chat.updated', { chatId }, a.id);
      }
      return chatId;
    },

    /** Inside a transaction that changed what the pair may do (an unmatch): tell both. */
    async pairChanged(trx: Trx, emit: Emit, a: Person, b: Person): Promise<void> {
      const chatId = await repo.chatIdOfPair(trx, a.seq, b.seq);
      if (!chatId) return;
      emit(userRoom(a.id), 'chat.updated', { chatId }, a.id);
      emit(userRoom(b.id), 'chat.updated', { chatId }, a.id);
    },

    /** Moves the member's delivered or read position and tells both members' devices. */
    async advance(
      userId: string,
      chatId: string,
      to: { delivered?: number; read?: number },
    ): Promise<{ readSeq: number }> {
      const moved = await transact(async (trx, emit) => {
        const chat = await visibleChat(userId, chatId, { withUnread: false }, trx);
        const next = await repo.advance(trx, userId, chatId, to);
        if (!next) return { readSeq: chat.readSeq };
        const receipt = {
          chatId,
          userId,
          deliveredSeq: next.deliveredSeq,
          readSeq: next.readSeq,
          readAt: next.readAt ? next.readAt.toISOString() : null,
        };
        // The other person may have deleted their account (DELETED_USER_ID): nobody to tell.
        if (chat.otherId !== DELETED_USER_ID) {
          // Without read receipts both ways the other learns of delivery only.
          const toOther = chat.receipts ? receipt : { ...receipt, readSeq: 0, readAt: null };
          emit(userRoom(chat.otherId), 'chat.receipt', toOther, userId);
        }
        if (next.readSeq > chat.readSeq) emit(userRoom(userId), 'chat.receipt', receipt, userId);
        return { readSeq: next.readSeq };
      });
      return moved;
    },

    async mute(userId: string, chatId: string, muted: boolean): Promise<{ muted: boolean }> {
      await visibleChat(userId, chatId);
      await transact(async (trx, emit) => {
        await repo.setMuted(trx, userId, chatId, muted);
        emit(userRoom(userId), 'chat.updated', { chatId }, userId);
      });
      return { muted };
    },

    /** Whom a typing signal goes to, and under which name; refused like a send. */
    async typingTarget(
      userId: string,
      chatId: string,
    ): Promise<{ otherId: string; userName: string; typing: boolean }> {
      const chat = await sendableChat(userId, chatId);
      const viewer = await me(userId);
      return {
        otherId: chat.otherId,
        userName: viewer.name ?? chatMessages.someone,
        typing: chat.typing,
      };
    },

    /** Of `ids`, the people whose presence the viewer may see: those they may message. */
    async watchable(userId: string, ids: readonly string[]): Promise<string[]> {
      const targets = await access.visibleAmong(await me(userId), ids, 'message');
      const allowed = new Set(targets.filter((t) => can('message', t.tie)).map((t) => t.id));
      return ids.filter((id) => allowed.has(id));
    },

    /**
     * Copies messages of the reporter's chat with the reported person into the report, as
     * evidence that outlives the chat. Ids of other chats' messages are ignored.
     */
    async keepEvidence(
      reportId: string,
      reporterId: string,
      reportedId: string,
      messageIds: readonly string[],
    ): Promise<void> {
      const chat = await repo.chatWith(reporterId, reportedId);
      if (!chat) return;
      const messages = await repo.messagesByIds(messageIds, [chat.id]);
      await repo.insertEvidence(messages, reportId);
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
