import {
  CASE_REASONS_BY_GRAVITY,
  CASE_STATES,
  caseTexts,
  type CaseQueueItem,
  type CaseQueuePage,
  type CaseState,
} from '@heartline/domain';
import { useEffect, useId, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from '../../app/navigation.tsx';
import { Avatar } from '../../components/Avatar.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useNow } from '../../lib/use-now.ts';
import { useCaseQueueQuery, type CaseQueueFilter } from '../../state/queries/staff.ts';
import { CaseView } from './CaseView.tsx';
import { PanelError } from './PanelError.tsx';
import {
  accountStateLabel,
  byGravity,
  openCaseFrom,
  personName,
  queueFilterFrom,
  queueSearch,
  reasonLabel,
  timeAgo,
} from './staff-view.ts';

/** What a case opened from the queue passes as navigation state: Back then goes back. */
const FROM_QUEUE = 'staff-reports-queue';

/**
 * The report queue (DESIGN.md §6): one case per reported person, urgent and gravest first, with
 * filters for open, urgent or closed cases and a reason. A case opens beside the queue on a
 * desk and in its place on a phone; the filter and the open case live in the URL.
 */
export function ReportsPanel() {
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const filter = queueFilterFrom(search);
  const caseId = openCaseFrom(search);

  const setFilter = (next: CaseQueueFilter) =>
    setSearch(queueSearch(next, null), { replace: true });
  // From one case to the next (side by side), the entry is replaced and keeps how it came.
  const openCase = (id: string) =>
    caseId === null
      ? setSearch(queueSearch(filter, id), { state: FROM_QUEUE })
      : setSearch(queueSearch(filter, id), { replace: true, state: location.state });
  const back = () => {
    if (location.state === FROM_QUEUE) navigate(-1);
    else setSearch(queueSearch(filter, null), { replace: true });
  };

  // Back on a phone brings the queue again: the focus goes to the row of the case just left.
  const queueRef = useRef<HTMLDivElement>(null);
  const lastCase = useRef<string | null>(null);
  useEffect(() => {
    if (caseId === null && lastCase.current !== null) {
      queueRef.current
        ?.querySelector<HTMLElement>(`[data-case-id="${CSS.escape(lastCase.current)}"]`)
        ?.focus();
    }
    lastCase.current = caseId;
  }, [caseId]);

  return (
    <section
      className="staff-panel reports"
      aria-labelledby="staff-reports"
      data-case-open={caseId !== null || undefined}
    >
      <h2 id="staff-reports" className="staff-panel__title">
        {caseTexts.title}
      </h2>
      <div className="reports__layout">
        <div className="reports__queue" ref={queueRef}>
          <CaseQueue filter={filter} selected={caseId} onFilter={setFilter} onOpen={openCase} />
        </div>
        {caseId !== null && (
          <div className="reports__case">
            <CaseView key={caseId} caseId={caseId} onBack={back} />
          </div>
        )}
      </div>
    </section>
  );
}

function CaseQueue({
  filter,
  selected,
  onFilter,
  onOpen,
}: {
  filter: CaseQueueFilter;
  selected: string | null;
  onFilter: (filter: CaseQueueFilter) => void;
  onOpen: (caseId: string) => void;
}) {
  const queue = useCaseQueueQuery(filter);
  const now = useNow(60_000);
  const cases = queue.data?.pages.flatMap((page) => page.items) ?? [];
  const counts = queue.data?.pages[0]?.counts;
  const empty = filter.reason ? caseTexts.emptyForReason : caseTexts.empty[filter.state];

  return (
    <>
      <QueueFilters filter={filter} counts={counts} onFilter={onFilter} />
      {queue.isPending && <PageLoading label={caseTexts.loading} />}
      {queue.isError && (
        <PanelError
          error={queue.error}
          onRetry={() => queue.refetch()}
          what={caseTexts.queueWhat}
        />
      )}
      {queue.isSuccess && cases.length === 0 && <p className="card card--note muted">{empty}</p>}
      {cases.length > 0 && (
        <ol className="case-list" aria-label={caseTexts.queueLabel(filter.state)}>
          {cases.map((item) => (
            <li key={item.id}>
              <CaseRow
                item={item}
                now={now}
                selected={item.id === selected}
                onOpen={() => onOpen(item.id)}
              />
            </li>
          ))}
        </ol>
      )}
      {queue.hasNextPage && (
        <button
          type="button"
          className="btn btn--ghost btn--sm staff-panel__more"
          disabled={queue.isFetchingNextPage}
          aria-busy={queue.isFetchingNextPage || undefined}
          onClick={() => void queue.fetchNextPage()}
        >
          {queue.isFetchingNextPage ? caseTexts.loadingMore : caseTexts.loadMore}
        </button>
      )}
      {queue.isSuccess && cases.length > 0 && !queue.hasNextPage && (
        <p className="muted staff-panel__end">{caseTexts.queueEnd}</p>
      )}
    </>
  );
}

function QueueFilters({
  filter,
  counts,
  onFilter,
}: {
  filter: CaseQueueFilter;
  counts: CaseQueuePage['counts'] | undefined;
  onFilter: (filter: CaseQueueFilter) => void;
}) {
  const id = useId();
  const count = (state: CaseState) =>
    state === 'open' ? counts?.open : state === 'urgent' ? counts?.urgent : undefined;
  return (
    <div className="case-filters" role="group" aria-label={caseTexts.filterLabel}>
      <fieldset className="segmented">
        <legend className="visually-hidden">{caseTexts.stateLegend}</legend>
        <div className="segmented__options">
          {CASE_STATES.map((state) => (
            <label key={state} className="segmented__option">
              <input
                type="radio"
                name={`${id}-state`}
                value={state}
                checked={filter.state === state}
                onChange={() => onFilter({ ...filter, state })}
              />
              <span>
                {caseTexts.stateLabels[state]}
                {count(state) !== undefined && (
                  <span className="case-filters__count"> {count(state)}</span>
                )}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-reason`}>
          {caseTexts.reasonFilter}
        </label>
        <select
          id={`${id}-reason`}
          className="field__input"
          value={filter.reason ?? ''}
          onChange={(e) =>
            onFilter({
              ...filter,
              reason: CASE_REASONS_BY_GRAVITY.find((r) => r === e.target.value) ?? null,
            })
          }
        >
          <option value="">{caseTexts.allReasons}</option>
          {CASE_REASONS_BY_GRAVITY.map((reason) => (
            <option key={reason} value={reason}>
              {reasonLabel(reason)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function CaseRow({
  item,
  now,
  selected,
  onOpen,
}: {
  item: CaseQueueItem;
  now: number;
  selected: boolean;
  onOpen: () => void;
}) {
  const [gravest, ...others] = byGravity(item.reasons);
  const closed = item.status === 'closed';
  const age =
    closed && item.closedAt
      ? caseTexts.decidedAgo(timeAgo(item.closedAt, now))
      : caseTexts.openedAgo(timeAgo(item.openedAt, now));
  const name = personName(item.person?.name ?? null, item.person?.id ?? null);
  const accountState = item.person ? accountStateLabel(item.person.accountStatus) : null;
  return (
    <button
      type="button"
      className="case-row"
      data-case-id={item.id}
      aria-current={selected || undefined}
      onClick={onOpen}
    >
      <Avatar
        user={
          item.person
            ? { name: item.person.name, photoUrl: null, avatarUrl: item.person.avatarUrl }
            : null
        }
        size="md"
      />
      <span className="case-row__main">
        <span className="case-row__top">
          <span className="case-row__name">{name}</span>
          {item.urgent && <span className="case-badge case-badge--urgent">{caseTexts.urgent}</span>}
          {accountState && <span className="case-badge">{accountState}</span>}
        </span>
        <span className="case-row__reason">
          {gravest !== undefined && reasonLabel(gravest)}
          {others.length > 0 && (
            <span className="muted"> {caseTexts.moreReasons(others.length)}</span>
          )}
        </span>
        <span className="case-row__meta muted">
          {caseTexts.reporters(item.reporters)} · {age}
          {closed && item.outcome && ` · ${caseTexts.outcomeLabels[item.outcome]}`}
        </span>
      </span>
    </button>
  );
}
