import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../lib/storage-keys.ts';
import { mayAssumeSignedOut } from './session.ts';

/** A browser as the gate reads it: its cookies and its local storage. */
function browser(cookie: string, local: Record<string, string> = {}) {
  const read = vi.fn(() => cookie);
  vi.stubGlobal('document', {
    get cookie() {
      return read();
    },
  });
  vi.stubGlobal('window', { localStorage: { getItem: (key: string) => local[key] ?? null } });
  return read;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('whether the gate may take the visitor as signed out before the session answer', () => {
  it('does for a browser without the signed-in mark, on the sign-in screen and on /', () => {
    browser('theme=dark');
    expect(mayAssumeSignedOut('/auth')).toBe(true);
    expect(mayAssumeSignedOut('/')).toBe(true);
  });

  it('does not where the mark says a session was given, unless last seen signed out on /auth', () => {
    browser('hl_signed_in=1');
    expect(mayAssumeSignedOut('/auth')).toBe(false);
    expect(mayAssumeSignedOut('/')).toBe(false);
    browser('__Host-hl_signed_in=1', { [storageKeys.signedOut]: '1' });
    expect(mayAssumeSignedOut('/auth')).toBe(true);
    expect(mayAssumeSignedOut('/')).toBe(false);
  });

  it('never on a deep link, and reads no cookie there', () => {
    const read = browser('');
    expect(mayAssumeSignedOut('/network')).toBe(false);
    expect(mayAssumeSignedOut('/chat/abc')).toBe(false);
    expect(read).not.toHaveBeenCalled();
  });
});
