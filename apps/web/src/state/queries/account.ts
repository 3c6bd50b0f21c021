import { DELETE_ACCOUNT_CONFIRMATION, errorMessages, exportFileName } from '@heartline/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, NETWORK_ERROR } from '../../lib/api.ts';
import { signedOutOnThisDevice } from './session.ts';

/** The file name the server gave the download, else today's (heartline-export-YYYY-MM-DD.json). */
function fileNameOf(response: Response): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? exportFileName(new Date());
}

/** Hands a file to the browser's downloads, as a link with `download` would. */
function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL may go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "Export my data": GET /api/me/export as a JSON file download (docs/API-account.md). */
export function useExportDataMutation() {
  return useMutation({
    mutationFn: async (): Promise<void> => {
      let response: Response;
      try {
        response = await fetch('/api/me/export', {
          credentials: 'same-origin',
          headers: { accept: 'application/json' },
        });
      } catch {
        throw new ApiError(NETWORK_ERROR, errorMessages.internal, 0);
      }
      if (!response.ok) {
        throw new ApiError('HTTP_' + response.status, errorMessages.internal, response.status);
      }
      saveFile(await response.blob(), fileNameOf(response));
    },
  });
}

/**
 * "Delete account": DELETE /api/me with the confirmation. The account is gone at once; this
 * device forgets everything of it as a sign-out does (the caller goes to /auth).
 */
export function useDeleteAccountMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/me', undefined, {
        method: 'DELETE',
        body: { confirm: DELETE_ACCOUNT_CONFIRMATION },
      }),
    onSuccess: () => signedOutOnThisDevice(queryClient),
  });
}
