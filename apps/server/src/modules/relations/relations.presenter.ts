import { networkMessages, type BlockList } from '@heartline/domain';

/** The own block list (Settings and the profile menu). */
export function presentBlockList(
  rows: { id: string; name: string | null; avatarUrl: string | null; createdAt: Date }[],
): BlockList {
  return {
    items: rows.map((r) => ({
      userId: r.id,
      name: r.name?.trim() || networkMessages.unknownUser,
      avatar: r.avatarUrl,
      blockedAt: new Date(r.createdAt).toISOString(),
    })),
  };
}
