import type { FastifyInstance } from 'fastify';
import {
  chatIdParamsSchema,
  markReadSchema,
  messagePageQuerySchema,
  muteChatSchema,
  openChatSchema,
  type ChatList,
  type ChatSummary,
  type MessagePage,
} from '@heartline/domain';
import { parseInput } from '../../lib/validate.ts';
import { requireSession } from '../../plugins/session.ts';
import type { ChatService } from './chat.service.ts';

/** Conversations over HTTP (docs/API-chat.md); sending is on the socket (chat.socket.ts). */
export function registerChatRoutes(app: FastifyInstance, chat: ChatService) {
  const chatId = (params: unknown) => parseInput(chatIdParamsSchema, params).chatId;

  app.get('/api/chats', async (request): Promise<ChatList> => {
    return chat.list(requireSession(request).userId);
  });

  app.post('/api/chats', async (request, reply) => {
    const { userId } = requireSession(request);
    const input = parseInput(openChatSchema, request.body ?? {});
    const opened = await chat.open(userId, input.userId);
    return reply.status(opened.created ? 201 : 200).send(opened.chat);
  });

  app.get('/api/chats/:chatId', async (request): Promise<ChatSummary> => {
    return chat.get(requireSession(request).userId, chatId(request.params));
  });

  app.get('/api/chats/:chatId/messages', async (request): Promise<MessagePage> => {
    const { userId } = requireSession(request);
    const id = chatId(request.params);
    const query = parseInput(messagePageQuerySchema, request.query ?? {});
    return chat.messages(userId, id, query);
  });

  app.post('/api/chats/:chatId/read', async (request) => {
    const { userId } = requireSession(request);
    const id = chatId(request.params);
    const input = parseInput(markReadSchema, request.body ?? {});
    return chat.advance(userId, id, { read: input.seq });
  });

  app.put('/api/chats/:chatId/mute', async (request) => {
    const { userId } = requireSession(request);
    const id = chatId(request.params);
    const input = parseInput(muteChatSchema, request.body ?? {});
    return chat.mute(userId, id, input.muted);
  });
}
