import {
  DELETED_USER_ID,
  INACTIVE_UNVERIFIED_DAYS,
  knownPrompts,
  userRoom,
  type Settings,
} from '@heartline/domain';
import type { Trx } from '../../db/database.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import { sessionStream } from '../../realtime/realtime.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { Graph } from '../graph/graph.service.ts';
import type { MediaStorage } from '../media/media.storage.ts';
import type { AccountRepository } from './account.repository.ts';

export type AccountDeps = {
  repo: AccountRepository;
  graph: Graph;
  /** The auth service's: ends the person's sessions in the deletion's transaction. */
  endSessionsWithin: AuthService['endSessionsWithin'];
  storage: Pick<MediaStorage, 'urlFor'>;
  /** The person's settings as stored, or the defaults (modules/settings). */
  settings: (userId: string) => Promise<Settings>;
  /** The open requests a person has received (their badge), read in the deletion's trx. */
  pendingIncoming: (userId: string, trx: Trx) => Promise<number>;
  /** Someone's favorites or pending count changed (every instance drops its cached copy). */
  countsChanged: (seqs: number[]) => void;
  /** After the commit: the deleted photos' files that no other row uses leave the storage. */
  eraseFiles: (photos: { mainKey: string; avatarKeys: Record<string, string> }[]) => Promise<void>;
  onError: (err: unknown) => void;
};

const iso = (d: Date | string | null | undefined): string | null =>
  d === null || d === undefined ? null : new Date(d).toISOString();

/**
 * The account rights (docs/API-account.md): the export of everything stored about the
 * signed-in person, and the deletion of their account, at once and for everyone.
 */
export function createAccountService(deps: AccountDeps) {
  const { repo } = deps;

  return {
    /**
     * Everything stored about the person, and of others only what the app shows them: names
     * of those on their lists now (friends, favorites, own blocks), elsewhere only the opaque
     * ids (a request or match with someone who blocked them since must not name them).
     */
    async exportData(userId: string, currentSession: string) {
      const user = await repo.user(userId);
      if (!user) throw new UnauthorizedError();
      const { seq } = user;
      const [
        identities,
        password,
        onboarding,
        settings,
        photos,
        friends,
        favorites,
        blocks,
        requests,
        invitations,
        reports,
        swipes,
        matches,
        chats,
        sessions,
        blockedBy,
      ] = await Promise.all([
        repo.identities(userId),
        repo.passwordCredential(userId),
        repo.onboarding(userId),
        deps.settings(userId),
        repo.photos(userId),
        repo.friends(seq),
        repo.favorites(seq),
        repo.blocks(seq),
        repo.requests(userId),
        repo.invitations(userId),
        repo.reports(userId),
        repo.swipes(seq),
        repo.matches(seq),
        repo.chats(userId),
        repo.sessions(userId),
        repo.blockedBy(seq),
      ]);
      /**
       * Someone who blocked the person does not exist for them: in the export as though they had
       * deleted their account (issue 45). Rows that a deletion takes with it (requests, reports,
       * swipes, matches) are left out; a chat stays, with the deleted person's id.
       */
      const exists = (row: { otherId: string }) => !blockedBy.has(row.otherId);
      const messages = await repo.messagesOf(chats.map((c) => c.id));
      const byChat = new Map<string, typeof messages>();
      for (const m of messages) {
        const list = byChat.get(m.chatId) ?? [];
        list.push(m);
        byChat.set(m.chatId, list);
      }
      return {
        format: 'heartline-export/1',
        exportedAt: new Date().toISOString(),
        account: {
          id: user.id,
          email: user.email,
          status: user.accountStatus,
          createdAt: iso(user.createdAt),
          updatedAt: iso(user.updatedAt),
          signIns: identities.map((i) => ({
            provider: i.provider,
            subject: i.subject,
            email: i.email,
            createdAt: iso(i.createdAt),
          })),
          password: password ? { email: password.email, createdAt: iso(password.createdAt) } : null,
        },
        profile: {
          name: user.name,
          dob: user.dob,
          gender: user.gender,
          interestedIn: user.interestedIn,
          bio: user.bio,
          location: user.location,
          datingGoal: user.datingGoal,
          interests: user.interests,
          prompts: knownPrompts(user.prompts),
          photoUrl: user.photoUrl,
          avatarUrl: user.avatarUrl,
          showInPaths: user.showInPaths,
        },
        trust: {
          trustScore: user.trustScore,
          friendCount: user.friendCount,
          secondDegreeCount: user.secondDegreeCount,
        },
        onboarding: onboarding
          ? {
              completed: onboarding.onboardingCompleted,
              completedAt: iso(onboarding.completionDate),
              profileStep: onboarding.profileStepCompleted,
              photoStep: onboarding.photoStepCompleted,
              preferencesStep: onboarding.preferencesStepCompleted,
              updatedAt: iso(onboarding.updatedAt),
            }
          : null,
        settings,
        photos: photos.map((p) => ({
          id: p.id,
          url: deps.storage.urlFor(p.mainKey),
          avatars: Object.fromEntries(
            Object.entries(p.avatarKeys).map(([size, key]) => [size, deps.storage.urlFor(key)]),
          ),
          width: p.width,
          height: p.height,
          /** Among the current photos: 0 is the main one. */
          position: p.replacedAt ? null : p.position,
          createdAt: iso(p.createdAt),
          replacedAt: iso(p.replacedAt),
        })),
        friends: friends.map((f) => ({ userId: f.id, name: f.name, since: iso(f.createdAt) })),
        favorites: favorites.map((f) => ({
          userId: f.id,
          name: f.name,
          createdAt: iso(f.createdAt),
        })),
        blocks: blocks.map((b) => ({ userId: b.id, name: b.name, createdAt: iso(b.createdAt) })),
        requests: requests.filter(exists).map((r) => ({
          id: r.id,
          kind: r.kind,
          direction: r.fromUserId === userId ? 'sent' : 'received',
          userId: r.otherId,
          status: r.status,
          createdAt: iso(r.createdAt),
          decidedAt: iso(r.decidedAt),
        })),
        invitations: invitations.map((i) => ({
          code: i.code,
          message: i.message,
          maxUses: i.maxUses,
          uses: i.currentUses,
          expiresAt: iso(i.expiresAt),
          active: i.isActive,
          isDefault: i.isDefault,
          createdAt: iso(i.createdAt),
        })),
        reports: reports
          .filter((r) => exists({ otherId: r.reportedId }))
          .map((r) => ({
            userId: r.reportedId,
            reason: r.reason,
            context: r.context,
            details: r.details,
            count: r.reportCount,
            createdAt: iso(r.createdAt),
            updatedAt: iso(r.updatedAt),
          })),
        swipes: swipes
          .filter((sw) => exists({ otherId: sw.id }))
          .map((s) => ({
            userId: s.id,
            action: s.action,
            createdAt: iso(s.createdAt),
          })),
        matches: matches.filter(exists).map((m) => ({
          id: m.id,
          userId: m.otherId,
          status: m.status,
          matchedAt: iso(m.matchedAt),
        })),
        // A deletion keeps a chat for the one left only when someone wrote in it (the match
        // greeting alone goes), and nobody reads in it after: so for a blocker too, and no
        // read time after the block.
        chats: chats
          .filter((c) => {
            if (c.otherId === null || !blockedBy.has(c.otherId)) return true;
            return (byChat.get(c.id) ?? []).some((m) => m.kind === 'text');
          })
          .map((c) => {
            const blockedAt = c.otherId === null ? undefined : blockedBy.get(c.otherId);
            const readAt = (at: Date | string | null) =>
              at && blockedAt && new Date(at) > blockedAt ? null : iso(at);
            return {
              id: c.id,
              kind: c.kind,
              userId: c.otherId === null || blockedAt ? DELETED_USER_ID : c.otherId,
              createdAt: iso(c.createdAt),
              muted: c.muted,
              readSeq: c.readSeq,
              messages: (byChat.get(c.id) ?? []).map((m) =>
                m.kind === 'system'
                  ? { seq: m.seq, from: 'system', createdAt: iso(m.createdAt) }
                  : {
                      seq: m.seq,
                      from: m.senderId === userId ? 'me' : 'them',
                      content: m.content,
                      createdAt: iso(m.createdAt),
                      readAt: readAt(m.readAt),
                    },
              ),
            };
          }),
        sessions: sessions.map((s) => ({
          current: s.tokenHash === currentSession,
          createdAt: iso(s.createdAt),
          lastSeenAt: iso(s.lastSeenAt),
          expiresAt: iso(s.expiresAt),
          device: s.userAgent,
        })),
      };
    },

    /**
     * Deletes the account at once (spec/3 §9). One transaction behind the graph lock: the
     * others are told (friendship ended, match ended, request withdrawn, chat changed), the
     * person's sessions are revoked with `session.revoked` (their sockets close when it is
     * delivered), their events are erased, and the user row goes with everything hanging on
     * it; the graph's 'delete' change takes them out of every instance's index, and trust is
     * stored for everyone whose figures moved before this resolves. Then the photo files go.
     */
    async deleteAccount(userId: string): Promise<void> {
      const user = await repo.user(userId);
      if (!user) throw new UnauthorizedError();
      let announce = async () => {};
      let files: { mainKey: string; avatarKeys: Record<string, string> }[] = [];
      const counts = new Set<number>();
      await deps.graph.deleteAccount(user.seq, async (trx, emit) => {
        const me = await repo.lock(trx, userId);
        if (!me) throw new UnauthorizedError();
        for (const friend of await repo.friendsOf(trx, me.seq)) {
          emit(userRoom(friend.id), 'friendship.removed', { userId: me.id });
          counts.add(friend.seq);
        }
        for (const seq of await repo.favoritedBy(trx, me.seq)) counts.add(seq);
        for (const other of await repo.activeMatches(trx, me.seq)) {
          emit(userRoom(other.id), 'match.ended', { userId: me.id });
        }
        const requests = await repo.deleteOpenRequests(trx, me.id);
        const recipients = new Set<string>();
        for (const r of requests) {
          counts.add(r.otherSeq);
          if (r.fromUserId === me.id) {
            emit(userRoom(r.toUserId), 'request.cancelled', { requestId: r.id });
            recipients.add(r.toUserId);
          } else {
            emit(userRoom(r.fromUserId), 'request.rejected', { requestId: r.id });
          }
        }
        for (const id of recipients) {
          const pendingRequests = await deps.pendingIncoming(id, trx);
          emit(userRoom(id), 'badges.updated', { pendingRequests });
        }
        for (const kept of await repo.settleChats(trx, me.id)) {
          emit(userRoom(kept.otherId), 'chat.updated', { chatId: kept.chatId });
        }
        files = await repo.photoFiles(trx, me.id);
        const revoked = await repo.sessionHashes(trx, me.id);
        // Events appended by `emit` are written after this work: none of them is erased.
        await repo.eraseEvents(trx, me.id, revoked.map(sessionStream));
        announce = await deps.endSessionsWithin(trx, emit, revoked);
      });
      await announce();
      deps.countsChanged([...counts]);
      await deps.eraseFiles(files).catch(deps.onError);
    },

    /**
     * The policy's promise (spec/3 §9, the legal texts): accounts never verified and inactive
     * for 90 days are deleted, as their owner would delete them. Answers how many went; a
     * batch at a time, so a long backlog spreads over several runs.
     */
    async sweepInactiveUnverified(now = new Date(), batch = 100): Promise<number> {
      const before = new Date(now.getTime() - INACTIVE_UNVERIFIED_DAYS * 24 * 60 * 60 * 1000);
      const ids = await repo.inactiveUnverified(before, batch);
      let deleted = 0;
      for (const id of ids) {
        try {
          await this.deleteAccount(id);
          deleted++;
        } catch (err) {
          // Gone meanwhile (deleted by its owner): nothing left to do.
          if (!(err instanceof UnauthorizedError)) throw err;
        }
      }
      return deleted;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
