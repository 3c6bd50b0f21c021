import {
  networkMessages,
  requestActions,
  REQUEST_KINDS,
  REQUEST_STATUSES,
  type ConnectionRequestView,
} from '@heartline/domain';
import type { RequestRow } from './requests.repository.ts';

export type Party = {
  id: string;
  name: string | null;
  avatarUrl: string | null;
  trustScore: number;
  mutualConnections: number;
};

const asKind = (k: string) =>
  (REQUEST_KINDS as readonly string[]).includes(k)
    ? (k as ConnectionRequestView['kind'])
    : 'connect';
const asStatus = (s: string) =>
  (REQUEST_STATUSES as readonly string[]).includes(s)
    ? (s as ConnectionRequestView['status'])
    : 'PENDING';

/** A request as one of its two parties sees it: `user` is always the other person. */
export function presentRequest(
  row: RequestRow,
  viewerId: string,
  party: Party,
): ConnectionRequestView {
  const kind = asKind(row.kind);
  const status = asStatus(row.status);
  const direction = row.toUserId === viewerId ? 'incoming' : 'outgoing';
  return {
    id: row.id,
    kind,
    status,
    direction,
    user: {
      userId: party.id,
      name: party.name?.trim() || networkMessages.unknownUser,
      avatar: party.avatarUrl,
      trustScore: party.trustScore,
      mutualConnections: party.mutualConnections,
    },
    createdAt: new Date(row.createdAt).toISOString(),
    decidedAt: row.decidedAt ? new Date(row.decidedAt).toISOString() : null,
    actions: requestActions({ kind, status, direction }),
    invitationId: row.invitationId,
  };
}
