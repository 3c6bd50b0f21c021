import {
  AUDIT_PAGE_SIZE,
  auditPageSchema,
  caseQueuePageSchema,
  caseViewSchema,
  type CaseDecisionInput,
  type CaseReason,
  type CaseState,
  okSchema,
  openAppealListSchema,
  passkeyOptionsSchema,
  staffMemberListSchema,
  staffStatusSchema,
  type StaffRole,
  type StaffStatus,
} from '@heartline/domain';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { retryStaffOnce, staffKeys, staffRequest } from './staff-status.ts';

// The staff console's data (docs/API-moderation.md, "Staff"): the report queue and its cases,
// appeals, the audit log, roles and the passkey ceremonies. Only the console's code imports
// this file.

/**
 * The browser half of WebAuthn, loaded when the passkey gate shows rather than with the console,
 * which a confirmed session opens without it.
 */
export const loadWebAuthn = () => import('@simplewebauthn/browser');

/** Console answers are not kept in the browser's storage (the query cache is persisted). */
const consoleQuery = { meta: { persist: false }, retry: retryStaffOnce } as const;

/** The report queue's pages (one list per filter) and the cases, each under `all`. */
export const caseKeys = {
  all: [...staffKeys.all, 'cases'] as const,
  queues: [...staffKeys.all, 'cases', 'queue'] as const,
  queue: (filter: CaseQueueFilter) =>
    [...caseKeys.queues, filter.state, filter.reason ?? 'all'] as const,
  one: (caseId: string) => [...caseKeys.all, 'case', caseId] as const,
};

/** A confirmed session: the lists the gate held back are asked again. */
function confirmed(queryClient: QueryClient, status: StaffStatus) {
  queryClient.setQueryData(staffKeys.status, status);
  for (const queryKey of [caseKeys.all, staffKeys.appeals, staffKeys.audit, staffKeys.roles]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** The first staff visit: a new passkey, which also confirms this session. */
export function useEnrolPasskeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { startRegistration } = await loadWebAuthn();
      const options = await apiRequest(
        '/api/staff/passkeys/registration/options',
        passkeyOptionsSchema,
        { method: 'POST' },
      );
      // Made by the server's WebAuthn library for its browser half; the server checks the answer.
      const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON;
      const answer = await startRegistration({ optionsJSON });
      return apiRequest('/api/staff/passkeys/registration', staffStatusSchema, {
        method: 'POST',
        body: answer,
      });
    },
    onSuccess: (status) => confirmed(queryClient, status),
  });
}

/** A session with no confirmation in the last 12 hours: the enrolled passkey confirms it. */
export function useConfirmPasskeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { startAuthentication } = await loadWebAuthn();
      const options = await apiRequest(
        '/api/staff/passkeys/authentication/options',
        passkeyOptionsSchema,
        { method: 'POST' },
      );
      const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
      const answer = await startAuthentication({ optionsJSON });
      return apiRequest('/api/staff/passkeys/authentication', staffStatusSchema, {
        method: 'POST',
        body: answer,
      });
    },
    onSuccess: (status) => confirmed(queryClient, status),
  });
}

export type CaseQueueFilter = { state: CaseState; reason: CaseReason | null };

/** The queue's URL for a filter and a page (`offset`: where the page starts). */
export function caseQueueUrl(filter: CaseQueueFilter, offset: number): string {
  const params = new URLSearchParams({ state: filter.state });
  if (filter.reason) params.set('reason', filter.reason);
  if (offset > 0) params.set('offset', String(offset));
  return `/api/staff/cases?${params.toString()}`;
}

/** The report queue for a filter, 50 cases a page, in the server's order. */
export function useCaseQueueQuery(filter: CaseQueueFilter) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: caseKeys.queue(filter),
    queryFn: ({ pageParam, signal }) =>
      staffRequest(queryClient, caseQueueUrl(filter, pageParam), caseQueuePageSchema, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset,
    ...consoleQuery,
  });
}

/** A case whole: its reports and reporters, the evidence, the person's history, the notes. */
export function useCaseQuery(caseId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: caseKeys.one(caseId),
    queryFn: ({ signal }) =>
      staffRequest(queryClient, `/api/staff/cases/${encodeURIComponent(caseId)}`, caseViewSchema, {
        signal,
      }),
    ...consoleQuery,
  });
}

export function useAddCaseNoteMutation(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      staffRequest(queryClient, `/api/staff/cases/${encodeURIComponent(caseId)}/notes`, okSchema, {
        method: 'POST',
        body: { text },
      }),
    // Pending until the case is read again, so the note shows as the form empties.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.audit });
      return queryClient.invalidateQueries({ queryKey: caseKeys.one(caseId) });
    },
  });
}

/** Decides an open case: it leaves the open queue, and shows as decided once read again. */
export function useDecideCaseMutation(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CaseDecisionInput) =>
      staffRequest(
        queryClient,
        `/api/staff/cases/${encodeURIComponent(caseId)}/decision`,
        okSchema,
        { method: 'POST', body },
      ),
    // Every filter's pages, and the case, which then shows as decided (the form goes).
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: caseKeys.all });
      void queryClient.invalidateQueries({ queryKey: staffKeys.audit });
    },
    // Decided by someone else meanwhile: the queue is read again, the case stays as it is so
    // the form can say what happened.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: caseKeys.queues });
      }
    },
  });
}

/** Open appeals, oldest first. */
export function useOpenAppealsQuery() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: staffKeys.appeals,
    queryFn: ({ signal }) =>
      staffRequest(queryClient, '/api/staff/appeals', openAppealListSchema, { signal }),
    select: (list) => list.items,
    ...consoleQuery,
  });
}

/** As the person chose it: the server refuses a missing decision or reason with its text. */
export type AppealDecision = { decision: 'upheld' | 'overturned' | undefined; reason: string };

export function useDecideAppealMutation(appealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AppealDecision) =>
      staffRequest(queryClient, `/api/staff/appeals/${appealId}/decision`, okSchema, {
        method: 'POST',
        body,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.appeals });
      void queryClient.invalidateQueries({ queryKey: staffKeys.audit });
    },
  });
}

export type AuditFilter = { subjectId: string; staffId: string };

/** The audit log URL for a filter and a page (`before`: the last id of the page before). */
export function auditUrl(filter: AuditFilter, before: number | null): string {
  const params = new URLSearchParams();
  if (filter.subjectId) params.set('subjectId', filter.subjectId);
  if (filter.staffId) params.set('staffId', filter.staffId);
  if (before !== null) params.set('before', String(before));
  const query = params.toString();
  return query ? `/api/staff/audit?${query}` : '/api/staff/audit';
}

/** The audit log (admins), newest first, a page of 100 at a time going back. */
export function useAuditLogQuery(filter: AuditFilter) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: [...staffKeys.audit, filter.subjectId, filter.staffId],
    queryFn: ({ pageParam, signal }) =>
      staffRequest(queryClient, auditUrl(filter, pageParam), auditPageSchema, { signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) =>
      last.items.length === AUDIT_PAGE_SIZE ? (last.items.at(-1)?.id ?? null) : null,
    ...consoleQuery,
  });
}

/** Staff and their roles (admins). */
export function useStaffRolesQuery() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: staffKeys.roles,
    queryFn: ({ signal }) =>
      staffRequest(queryClient, '/api/staff/roles', staffMemberListSchema, { signal }),
    select: (list) => list.items,
    ...consoleQuery,
  });
}

function rolesChanged(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: staffKeys.roles });
  void queryClient.invalidateQueries({ queryKey: staffKeys.audit });
}

export function useGrantRoleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: StaffRole | undefined }) =>
      staffRequest(queryClient, `/api/staff/roles/${encodeURIComponent(userId)}`, okSchema, {
        method: 'PUT',
        body: { role },
      }),
    onSuccess: () => rolesChanged(queryClient),
  });
}

export function useRevokeRoleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      staffRequest(queryClient, `/api/staff/roles/${encodeURIComponent(userId)}`, okSchema, {
        method: 'DELETE',
      }),
    onSuccess: () => rolesChanged(queryClient),
  });
}
