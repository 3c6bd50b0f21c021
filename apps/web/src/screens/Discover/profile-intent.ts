/**
 * A like, pass or super like chosen on a Discover card's full profile (/people/{id}?from=discover,
 * issue 48). The profile goes back to Discover and the deck does what the card's own button
 * does for that person — the same confirmation, request, match celebration and undo — if that
 * person is still the current card; otherwise the choice is dropped.
 */
export type ProfileIntent = { userId: string; kind: 'like' | 'superlike' | 'decline' };

let pending: ProfileIntent | null = null;

export function chooseFromProfile(intent: ProfileIntent): void {
  pending = intent;
}

/** The choice made for `userId`, once; any choice for someone else is dropped. */
export function takeProfileIntent(userId: string | undefined): ProfileIntent['kind'] | null {
  const intent = pending;
  pending = null;
  return intent && intent.userId === userId ? intent.kind : null;
}
