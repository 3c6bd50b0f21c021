import { notificationMessages, reportReasonLabels, type MyReport } from '@heartline/domain';
import { Dialog } from '../../components/Dialog.tsx';
import { RetryButton } from '../../components/RetryButton.tsx';
import { useMyReportsQuery } from '../../state/queries/reports.ts';

const outcome = (report: MyReport) =>
  report.status === 'open'
    ? 'Waiting for review'
    : report.actionTaken
      ? notificationMessages.reportActionTaken
      : notificationMessages.reportNoAction;

/**
 * The reports the person made and what became of each (issue 47): reviewed or not, action taken
 * or not — never what action, nor who decided. Opened from Settings → Safety and from the
 * notification a review sends.
 */
export function MyReportsDialog({ onClose }: { onClose: () => void }) {
  const reports = useMyReportsQuery();
  return (
    <Dialog title="Your reports" onClose={onClose}>
      {reports.isPending && (
        <p className="muted center" role="status">
          Loading...
        </p>
      )}
      {reports.isError && (
        <div className="center" role="alert">
          <p className="muted">Could not load your reports.</p>
          <RetryButton onRetry={() => reports.refetch()} />
        </div>
      )}
      {reports.isSuccess && reports.data.items.length === 0 && (
        <p className="muted center">
          You have not reported anyone. Reports are confidential: the person is never told who
          reported them.
        </p>
      )}
      {reports.isSuccess && reports.data.items.length > 0 && (
        <ul className="my-reports" aria-label="Your reports">
          {reports.data.items.map((report) => (
            <li key={report.id} className="my-reports__item" data-testid="my-report">
              <p className="my-reports__name">
                <bdi>{report.name?.trim() || 'Unknown User'}</bdi>
              </p>
              <p className="muted my-reports__meta">
                {reportReasonLabels[report.reason as keyof typeof reportReasonLabels] ??
                  report.reason}{' '}
                · {new Date(report.createdAt).toLocaleDateString()}
              </p>
              <p className={`my-reports__status my-reports__status--${report.status}`}>
                {outcome(report)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
