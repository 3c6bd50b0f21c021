import { okSchema, type StaffStatus } from '@heartline/domain';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { fetchStaffStatus, staffKeys, staffRequest } from './staff-status.ts';

/** The server answering every request with `status` and `body`. */
function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    ),
  );
}

const confirmed: StaffStatus = {
  role: 'admin',
  passkeys: 1,
  verifiedUntil: '2999-01-01T00:00:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the staff status', () => {
  it("is null for a member: the server's 404 to anyone who is not staff", async () => {
    answer(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    expect(await fetchStaffStatus()).toBeNull();
  });

  it('is read and checked for staff', async () => {
    answer(200, confirmed);
    expect(await fetchStaffStatus()).toEqual(confirmed);
    answer(200, { role: 'boss', passkeys: 1, verifiedUntil: null });
    await expect(fetchStaffStatus()).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });
});

describe('a staff call', () => {
  it('answered 403 PASSKEY_REQUIRED sends the console back to its gate', async () => {
    const qc = new QueryClient();
    qc.setQueryData(staffKeys.status, confirmed);
    answer(403, {
      error: { code: 'PASSKEY_REQUIRED', message: 'Confirm it is you with your passkey' },
    });
    await expect(staffRequest(qc, '/api/staff/appeals', okSchema)).rejects.toBeInstanceOf(ApiError);
    expect(qc.getQueryData(staffKeys.status)).toEqual({ ...confirmed, verifiedUntil: null });
  });

  it('refused for another reason leaves the confirmation as it was', async () => {
    const qc = new QueryClient();
    qc.setQueryData(staffKeys.status, confirmed);
    answer(403, { error: { code: 'FORBIDDEN', message: 'Only an admin can lift a ban' } });
    await expect(staffRequest(qc, '/api/staff/appeals/x/decision', okSchema)).rejects.toThrow(
      'Only an admin can lift a ban',
    );
    expect(qc.getQueryData(staffKeys.status)).toEqual(confirmed);
  });
});
