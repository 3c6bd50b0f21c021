/**
 * The readable cookie set and cleared with the HttpOnly session cookie. It holds no secret,
 * only the fact that this browser was given a session: without it nobody can be signed in
 * here, so the web app shows the sign-in screen at once instead of the splash (issue 17). The
 * server prefixes it `__Host-` on https, as it does the session cookie.
 */
export const SIGNED_IN_MARK_COOKIE = 'hl_signed_in';

/** Whether a `document.cookie` string carries the mark, under either of its names. */
export function carriesSignedInMark(cookieHeader: string): boolean {
  return cookieHeader.split(';').some((part) =>
    part
      .trim()
      .replace(/^__Host-/, '')
      .startsWith(`${SIGNED_IN_MARK_COOKIE}=`),
  );
}
