import { type NoticeKind, type Warning } from '@heartline/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { sessionKeys } from '../../state/queries/session.ts';
import { AppealForm, SENT } from './AppealForm.tsx';
import { StandingCard } from './StandingCard.tsx';

/** What each notice says: a warning, or content of the person's that moderators removed. */
const noticeTexts: Record<NoticeKind, { title: string; text: string }> = {
  warn: {
    title: 'A warning from our moderators',
    text:
      'Something you did was reported and reviewed. If it happens again, your account can be ' +
      'suspended or banned.',
  },
  remove_photo: {
    title: 'Your photo was removed',
    text:
      'Our moderators reviewed a report and removed your profile photo because it breaks our ' +
      'Terms of Service. You can add another one from your profile.',
  },
  remove_bio: {
    title: 'Your bio was removed',
    text:
      'Our moderators reviewed a report and removed the text of your bio because it breaks our ' +
      'Terms of Service. You can write a new one in Edit Profile.',
  },
};

/**
 * A moderator's warning, or a notice that content was removed (issue 47): shown the next time
 * the person opens the app, before anything else, until they acknowledge it, and again with the
 * outcome once an appeal of it is decided. Nothing else about the account changes.
 */
export function WarningScreen({ warning }: { warning: Warning }) {
  const queryClient = useQueryClient();
  const acknowledge = useMutation({
    mutationFn: () =>
      apiRequest(`/api/standing/warnings/${warning.actionId}/acknowledge`, undefined, {
        method: 'POST',
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionKeys.session }),
  });
  const failed = acknowledge.error;
  return (
    <StandingCard
      title={noticeTexts[warning.kind].title}
      text={noticeTexts[warning.kind].text}
      reason={warning.reason}
      message={warning.message}
    >
      <AppealForm
        appeal={warning.appeal}
        url={`/api/standing/warnings/${warning.actionId}/appeal`}
        onSent={(old) =>
          old.warning ? { ...old, warning: { ...old.warning, appeal: SENT } } : old
        }
        folded
      />
      {failed && (
        <p className="field__error" role="alert">
          {failed instanceof ApiError ? failed.message : 'Could not save that. Try again.'}
        </p>
      )}
      <button
        type="button"
        className="btn btn--primary"
        disabled={acknowledge.isPending}
        onClick={() => acknowledge.mutate()}
      >
        I understand
      </button>
    </StandingCard>
  );
}
