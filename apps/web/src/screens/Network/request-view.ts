import {
  type ConnectionRequestView,
  inviteChainStep,
  type RequestAction,
  requestMessages,
} from '@heartline/domain';

/** Button texts of each request action; `primary` is the one that moves the request forward. */
export const actionLabels: Record<RequestAction, { label: string; primary: boolean }> = {
  accept: { label: 'Accept', primary: true },
  reject: { label: 'Reject', primary: false },
  cancel: { label: 'Cancel', primary: false },
  approve: { label: 'Approve', primary: true },
  consent: { label: 'Give consent', primary: true },
  decline: { label: 'Decline', primary: false },
  'final-approve': { label: 'Approve friendship', primary: true },
  'final-decline': { label: 'Decline', primary: false },
};

/** The accessible name of a button: the action and whose request it is. */
export function actionAriaLabel(action: RequestAction, name: string): string {
  if (action === 'cancel') return `Cancel request to ${name}`;
  return `${actionLabels[action].label} ${name}`;
}

/** What the request row says: where an invite chain stands and who it waits for. */
export function requestStatusText(request: ConnectionRequestView, name: string): string | null {
  if (request.kind !== 'invite') return null;
  const incoming = request.direction === 'incoming';
  switch (request.status) {
    case 'PENDING':
      return incoming
        ? 'Asked to connect through your invitation. Do you know them?'
        : `Waiting for ${name} to approve.`;
    case 'approved':
      return incoming
        ? 'You approved. Give mutual consent to become friends.'
        : `${name} approved. Waiting for their mutual consent.`;
    case 'FINAL_APPROVAL_PENDING':
      return incoming
        ? `${name} gave mutual consent. Your final approval makes you friends.`
        : `Waiting for ${name}'s final approval.`;
    default:
      return null;
  }
}

/** "Invitation · step n of 3" for an invite chain row. */
export function chainStepText(request: ConnectionRequestView): string | null {
  return request.kind === 'invite'
    ? `Invitation · step ${inviteChainStep(request.status)} of 3`
    : null;
}

/** The toast after the viewer took `action` on a request from or to `name`. */
export function actionDoneText(action: RequestAction, name: string): string {
  switch (action) {
    case 'accept':
    case 'final-approve':
      return `You and ${name} are now connected!`;
    case 'reject':
      return `Request from ${name} declined`;
    case 'cancel':
      return requestMessages.requestCancelled(name);
    case 'approve':
      return `You approved ${name}. Give mutual consent when you are ready.`;
    case 'consent':
      return `Mutual consent given. Waiting for ${name}'s final approval.`;
    case 'decline':
    case 'final-decline':
      return `You declined the connection with ${name}`;
  }
}
