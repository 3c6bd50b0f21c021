import {
  caseTexts,
  type CaseReport,
  type CaseView as CaseAnswer,
  type ProfileSnapshotView,
} from '@heartline/domain';
import { useEffect, useId, useRef } from 'react';
import { Avatar } from '../../components/Avatar.tsx';
import { ArrowLeftIcon } from '../../components/Icons.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useCaseQuery } from '../../state/queries/staff.ts';
import { CaseDecisionForm } from './CaseDecisionForm.tsx';
import { CaseHistory, CaseNotes } from './CaseRecord.tsx';
import { PanelError } from './PanelError.tsx';
import {
  accountStateLabel,
  byGravity,
  contextLabel,
  formatDateTime,
  hasSnapshot,
  latestSnapshot,
  personName,
  reasonLabel,
  sameSnapshot,
} from './staff-view.ts';

/**
 * One case whole (docs/API-moderation.md, "Reports and cases"): the person, the profile as
 * reported, each report with its reporter and the messages it kept, the person's history, staff
 * notes, and the decision while the case is open.
 */
export function CaseView({ caseId, onBack }: { caseId: string; onBack: () => void }) {
  const kase = useCaseQuery(caseId);
  return (
    <div className="case">
      <button type="button" className="btn btn--ghost btn--sm case__back" onClick={onBack}>
        <ArrowLeftIcon size={18} />
        {caseTexts.back}
      </button>
      {kase.isPending && <PageLoading label={caseTexts.loadingCase} />}
      {kase.isError && (
        <PanelError error={kase.error} onRetry={() => kase.refetch()} what={caseTexts.caseWhat} />
      )}
      {kase.isSuccess && <CaseDetail view={kase.data} />}
    </div>
  );
}

function CaseDetail({ view }: { view: CaseAnswer }) {
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The case takes the list's place on a phone: the focus (and the scroll) go to its top.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const name = personName(view.person?.name ?? null, view.person?.id ?? null);
  const snapshot = latestSnapshot(view.reports);
  const accountState = view.person
    ? accountStateLabel(view.person.accountStatus)
    : caseTexts.deletedAccount;
  const reportsId = useId();

  return (
    <article className="card staff-card case__card" aria-labelledby={titleId}>
      <header className="case__header">
        <Avatar
          user={
            view.person
              ? { name: view.person.name, photoUrl: null, avatarUrl: view.person.avatarUrl }
              : null
          }
          size="lg"
        />
        <div className="staff-card__header case__who">
          <h3 id={titleId} ref={headingRef} tabIndex={-1} className="staff-card__title case__name">
            {name}
          </h3>
          {view.person && <p className="staff-id">{view.person.id}</p>}
        </div>
      </header>
      {(view.urgent || view.held || accountState) && (
        <p className="case__badges">
          {view.urgent && <span className="case-badge case-badge--urgent">{caseTexts.urgent}</span>}
          {view.held && <span className="case-badge">{caseTexts.held}</span>}
          {accountState && <span className="case-badge">{accountState}</span>}
        </p>
      )}
      <dl className="staff-facts">
        <div>
          <dt>{caseTexts.status}</dt>
          <dd data-testid="case-status">
            {view.status === 'open' || !view.outcome
              ? caseTexts.statusOpen
              : caseTexts.statusClosed(
                  caseTexts.outcomeLabels[view.outcome],
                  view.closedAt ? formatDateTime(view.closedAt) : '',
                )}
          </dd>
        </div>
        <div>
          <dt>{caseTexts.opened}</dt>
          <dd>{formatDateTime(view.openedAt)}</dd>
        </div>
        <div className="staff-facts__wide">
          <dt>{caseTexts.reasons}</dt>
          <dd>{byGravity(view.reasons).map(reasonLabel).join(', ')}</dd>
        </div>
        {view.person?.joinedAt && (
          <div>
            <dt>{caseTexts.joined}</dt>
            <dd>{formatDateTime(view.person.joinedAt)}</dd>
          </div>
        )}
      </dl>

      {snapshot && hasSnapshot(snapshot) && (
        <section className="case__section" aria-labelledby={`${titleId}-snapshot`}>
          <h4 id={`${titleId}-snapshot`} className="case__subtitle">
            {caseTexts.snapshotTitle}
          </h4>
          <Snapshot snapshot={snapshot} fallbackName={name} />
        </section>
      )}

      <section className="case__section" aria-labelledby={reportsId}>
        <h4 id={reportsId} className="case__subtitle">
          {caseTexts.reportsTitle(view.reports.length)}
        </h4>
        <ol className="staff-list">
          {view.reports.map((report) => (
            <li key={report.id}>
              <ReportCard report={report} latest={snapshot} reportedName={name} />
            </li>
          ))}
        </ol>
      </section>

      <CaseHistory view={view} />
      <CaseNotes view={view} />
      {view.status === 'open' && <CaseDecisionForm view={view} name={name} />}
    </article>
  );
}

function Snapshot({
  snapshot,
  fallbackName,
}: {
  snapshot: ProfileSnapshotView;
  fallbackName: string;
}) {
  const name = snapshot.name?.trim() || fallbackName;
  const interests = snapshot.interests ?? [];
  return (
    <div className="case-snapshot">
      {snapshot.photoUrl ? (
        <img
          className="case-snapshot__photo"
          src={snapshot.photoUrl}
          alt={caseTexts.snapshotPhoto(name)}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <p className="case-snapshot__photo case-snapshot__photo--none muted">{caseTexts.noPhoto}</p>
      )}
      <dl className="staff-facts case-snapshot__facts">
        <div className="staff-facts__wide">
          <dt>{caseTexts.name}</dt>
          <dd className="case__text">{name}</dd>
        </div>
        <div>
          <dt>{caseTexts.age}</dt>
          <dd>{snapshot.age ?? caseTexts.notGiven}</dd>
        </div>
        <div>
          <dt>{caseTexts.location}</dt>
          <dd className="case__text">{snapshot.location || caseTexts.notGiven}</dd>
        </div>
        <div className="staff-facts__wide">
          <dt>{caseTexts.bio}</dt>
          {snapshot.bio ? (
            <dd className="staff-quote">{snapshot.bio}</dd>
          ) : (
            <dd>{caseTexts.notGiven}</dd>
          )}
        </div>
        <div className="staff-facts__wide">
          <dt>{caseTexts.interests}</dt>
          <dd>
            {interests.length > 0 ? (
              <ul className="chips">
                {interests.map((interest) => (
                  <li key={interest} className="chip chip--static">
                    {interest}
                  </li>
                ))}
              </ul>
            ) : (
              caseTexts.notGiven
            )}
          </dd>
        </div>
      </dl>
    </div>
  );
}

function ReportCard({
  report,
  latest,
  reportedName,
}: {
  report: CaseReport;
  latest: ProfileSnapshotView | null;
  reportedName: string;
}) {
  const titleId = useId();
  const { reporter } = report;
  const reporterName = personName(reporter?.name ?? null, reporter?.id ?? null);
  const reporterState = reporter ? accountStateLabel(reporter.accountStatus) : null;
  const ownSnapshot =
    hasSnapshot(report.snapshot) && latest && !sameSnapshot(report.snapshot, latest);
  return (
    <article className="case-report" aria-labelledby={titleId}>
      <header className="case-report__header">
        <p className="case-report__eyebrow muted">{caseTexts.reporter}</p>
        <h5 id={titleId} className="case-report__reporter">
          {reporterName}
        </h5>
        {reporter && (
          <p className="case-report__standing">
            <span className={reporter.verified ? 'case-badge case-badge--ok' : 'case-badge'}>
              {reporter.verified ? caseTexts.verified : caseTexts.notVerified}
            </span>
            <span>{caseTexts.accountAge(reporter.accountAgeDays)}</span>
            <span>{caseTexts.friends(reporter.friends)}</span>
            {reporterState && <span>{reporterState}</span>}
          </p>
        )}
      </header>
      <dl className="staff-facts">
        <div>
          <dt>{caseTexts.reason}</dt>
          <dd>{reasonLabel(report.reason)}</dd>
        </div>
        <div>
          <dt>{caseTexts.where}</dt>
          <dd>{contextLabel(report.context)}</dd>
        </div>
        <div className="staff-facts__wide">
          <dt>{caseTexts.reportedAt}</dt>
          <dd>
            {formatDateTime(report.createdAt)}
            {report.updatedAt !== report.createdAt &&
              `, ${caseTexts.updatedAt(formatDateTime(report.updatedAt))}`}
            {report.count > 1 && ` (${caseTexts.reportedTimes(report.count)})`}
          </dd>
        </div>
        <div className="staff-facts__wide">
          <dt>{caseTexts.theirWords}</dt>
          {report.details ? (
            <dd className="staff-quote">{report.details}</dd>
          ) : (
            <dd className="muted">{caseTexts.noWords}</dd>
          )}
        </div>
      </dl>
      {report.messages.length > 0 && (
        <div className="case-report__messages">
          <h6 className="case-report__label">{caseTexts.messagesTitle}</h6>
          <ol className="case-messages">
            {report.messages.map((message) => (
              <li
                key={message.id}
                className="case-message"
                data-from={message.fromReported ? 'reported' : 'reporter'}
              >
                <p className="case-message__meta muted">
                  {message.fromReported
                    ? caseTexts.fromReported(reportedName)
                    : caseTexts.fromReporter}
                  {message.sentAt && ` · ${formatDateTime(message.sentAt)}`}
                </p>
                <p className="case-message__text">{message.content}</p>
              </li>
            ))}
          </ol>
        </div>
      )}
      {ownSnapshot && (
        <details className="case-report__then">
          <summary>{caseTexts.snapshotThen}</summary>
          <Snapshot snapshot={report.snapshot} fallbackName={reportedName} />
        </details>
      )}
    </article>
  );
}
