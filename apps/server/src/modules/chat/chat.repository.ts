import type { Db } from '../../db/database.ts';
import type { RunPrepared } from '../../db/prepared.ts';
import { createChatsRepository } from './chat.chats.repository.ts';
import { createMessagesRepository } from './chat.messages.repository.ts';
import { createReceiptsRepository } from './chat.receipts.repository.ts';
import { createSendsRepository } from './chat.sends.repository.ts';

/**
 * SQL of chats, members and messages, one file per concern: chats and membership
 * (chat.chats.repository.ts), messages, receipts, the send statements. Put together here as
 * the one repository the service takes (it uses all four), so app.ts wires one thing. A method
 * name must stay unique across the parts: a second one would silently replace the first.
 */
export function createChatRepository(db: Db, run: RunPrepared) {
  return {
    ...createChatsRepository(db),
    ...createMessagesRepository(db),
    ...createReceiptsRepository(db),
    ...createSendsRepository(run),
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
