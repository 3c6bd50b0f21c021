import {
  networkMessages,
  relationMessages,
  type CreateReportInput,
  type REPORT_REASONS,
} from '@heartline/domain';

/**
 * What can be done to another person from the screens that show them (issue 47): the Network
 * row's menu, the Discover card's, the match celebration, a chat's menu. Which of them a
 * screen offers is the screen's choice; the dialogs are the same everywhere.
 */
export type PersonAction = 'disconnect' | 'block' | 'report' | 'unmatch';

/** The person acted on: a network row, a Discover card, a match, the other member of a chat. */
export type ActionTarget = { userId: string; name: string };

export type ReportReason = (typeof REPORT_REASONS)[number];
export type ReportContext = CreateReportInput['context'];

export function targetName(person: ActionTarget): string {
  return person.name.trim() || networkMessages.unknownUser;
}

/** The report as the API takes it: details trimmed and left out when blank. */
export function reportInput(form: {
  userId: string;
  reason: ReportReason;
  context: ReportContext;
  details: string;
  messageIds: readonly string[];
}): CreateReportInput {
  const details = form.details.trim();
  return {
    userId: form.userId,
    reason: form.reason,
    context: form.context,
    ...(details ? { details } : {}),
    ...(form.messageIds.length > 0 ? { messageIds: [...form.messageIds] } : {}),
  };
}

/**
 * How a report went. "Also block" runs only once the report is in, so a report that failed
 * never leaves a block behind without the reason the person gave; a block that failed after it
 * still leaves the report filed.
 */
export type ReportOutcome =
  | { kind: 'reported'; message: string }
  | { kind: 'reported-and-blocked'; message: string }
  | { kind: 'block-failed'; message: string; error: unknown };

/**
 * Files the report, then blocks when asked to. A failed report rejects (nothing else ran);
 * everything after it answers an outcome.
 */
export async function reportThenBlock(
  name: string,
  steps: { report: () => Promise<{ message: string }>; block: (() => Promise<unknown>) | null },
): Promise<ReportOutcome> {
  const { message } = await steps.report();
  const reported = message || relationMessages.reported;
  if (!steps.block) return { kind: 'reported', message: reported };
  try {
    await steps.block();
  } catch (error) {
    return { kind: 'block-failed', message: reported, error };
  }
  return { kind: 'reported-and-blocked', message: `${reported} ${blockedText(name)}` };
}

export const blockedText = (name: string) => `${name} is blocked.`;
