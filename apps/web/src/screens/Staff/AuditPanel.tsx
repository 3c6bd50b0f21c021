import type { AuditEntry } from '@heartline/domain';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { PageLoading } from '../../components/PageLoading.tsx';
import {
  useAuditLogQuery,
  useStaffRolesQuery,
  type AuditFilter,
} from '../../state/queries/staff.ts';
import { PanelError } from './PanelError.tsx';
import { auditActionLabel, auditActor, auditDetailText, formatDateTime } from './staff-view.ts';

const noFilter: AuditFilter = { subjectId: '', staffId: '' };

/**
 * The audit log (admins): every staff action, appeal decision, role change and automatic end
 * of a suspension, newest first. Read-only, as the table itself is (append-only).
 */
export function AuditPanel() {
  const [filter, setFilter] = useState<AuditFilter>(noFilter);
  const log = useAuditLogQuery(filter);
  const roles = useStaffRolesQuery();
  const names = useMemo(
    () => new Map((roles.data ?? []).flatMap((s) => (s.name ? [[s.userId, s.name]] : []))),
    [roles.data],
  );
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = filter.subjectId !== '' || filter.staffId !== '';

  return (
    <section className="staff-panel" aria-labelledby="staff-audit">
      <h2 id="staff-audit" className="staff-panel__title">
        Audit log
      </h2>
      <AuditFilterForm
        key={`${filter.subjectId} ${filter.staffId}`}
        filter={filter}
        onApply={setFilter}
      />
      {log.isPending && <PageLoading label="Loading the audit log..." />}
      {log.isError && (
        <PanelError error={log.error} onRetry={() => log.refetch()} what="audit log" />
      )}
      {log.isSuccess && entries.length === 0 && (
        <p className="card card--note muted">No entries{filtered ? ' for this filter' : ''}.</p>
      )}
      {entries.length > 0 && (
        <ol className="audit-list" aria-label="Audit entries, newest first">
          {entries.map((entry) => (
            <li key={entry.id}>
              <AuditRow entry={entry} names={names} />
            </li>
          ))}
        </ol>
      )}
      {log.hasNextPage && (
        <button
          type="button"
          className="btn btn--ghost btn--sm staff-panel__more"
          disabled={log.isFetchingNextPage}
          aria-busy={log.isFetchingNextPage || undefined}
          onClick={() => void log.fetchNextPage()}
        >
          {log.isFetchingNextPage ? 'Loading...' : 'Older entries'}
        </button>
      )}
      {log.isSuccess && entries.length > 0 && !log.hasNextPage && (
        <p className="muted staff-panel__end">The start of the log.</p>
      )}
    </section>
  );
}

function AuditRow({ entry, names }: { entry: AuditEntry; names: ReadonlyMap<string, string> }) {
  const detail = auditDetailText(entry);
  const actor = auditActor(entry, names);
  return (
    <article className="audit-entry">
      <time className="audit-entry__when" dateTime={entry.at}>
        {formatDateTime(entry.at)}
      </time>
      <p className="audit-entry__what">
        <strong>{auditActionLabel(entry.action)}</strong>
        {detail && <span className="audit-entry__detail">{detail}</span>}
      </p>
      <dl className="audit-entry__people">
        <div>
          <dt>By</dt>
          <dd>
            {actor.name && <span className="audit-entry__name">{actor.name}</span>}
            {actor.id && <span className="staff-id">{actor.id}</span>}
          </dd>
        </div>
        {entry.subjectId && (
          <div>
            <dt>About</dt>
            <dd className="staff-id">{entry.subjectId}</dd>
          </div>
        )}
      </dl>
    </article>
  );
}

function AuditFilterForm({
  filter,
  onApply,
}: {
  filter: AuditFilter;
  onApply: (filter: AuditFilter) => void;
}) {
  const [subjectId, setSubjectId] = useState(filter.subjectId);
  const [staffId, setStaffId] = useState(filter.staffId);
  const id = useId();
  const filtered = filter.subjectId !== '' || filter.staffId !== '';

  // The server checks the IDs: a malformed one answers with its text in place of the list.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ subjectId: subjectId.trim(), staffId: staffId.trim() });
  };

  const field = (
    name: 'subjectId' | 'staffId',
    label: string,
    value: string,
    set: (v: string) => void,
  ) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className="field__input staff-id-input"
        value={value}
        placeholder="User ID"
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => set(e.target.value)}
      />
    </div>
  );

  return (
    <form
      className="card staff-filter"
      onSubmit={submit}
      noValidate
      aria-label="Filter the audit log"
    >
      {field('subjectId', 'About (subject)', subjectId, setSubjectId)}
      {field('staffId', 'By (staff member)', staffId, setStaffId)}
      <div className="staff-filter__actions">
        <button type="submit" className="btn btn--primary btn--sm">
          Filter
        </button>
        {filtered && (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => onApply(noFilter)}
          >
            Clear
          </button>
        )}
      </div>
    </form>
  );
}
