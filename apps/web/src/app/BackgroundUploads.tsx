import { useUploadQueue } from '../state/uploads/use-upload-queue.ts';

/** Runs the background photo upload queue for the signed-in user (loaded on demand). */
export function BackgroundUploads({ userId }: { userId: string }) {
  useUploadQueue(userId);
  return null;
}
