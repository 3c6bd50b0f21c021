/** A user can replace only their own profile photo (spec/1 §6). */
export function canReplacePhoto(actorId: string, ownerId: string): boolean {
  return actorId === ownerId;
}
