import type { StaffStatus } from '@heartline/domain';
import { Link, Redirect, useParams } from '../../app/navigation.tsx';
import { ArrowLeftIcon } from '../../components/Icons.tsx';
import { useNow } from '../../lib/use-now.ts';
import { AppealsPanel } from './AppealsPanel.tsx';
import { AuditPanel } from './AuditPanel.tsx';
import { PasskeyGate } from './PasskeyGate.tsx';
import { ReportsPanel } from './ReportsPanel.tsx';
import { RolesPanel } from './RolesPanel.tsx';
import {
  gateStep,
  roleLabels,
  sectionFor,
  sectionPath,
  sectionsFor,
  staffTexts,
  type StaffSection,
} from './staff-view.ts';
import './staff.css';

/**
 * The staff console (DESIGN.md §6): a header with who is signed in and their role, the passkey
 * gate until this session is confirmed, then the sections the role may open.
 */
export function StaffConsole({ status, name }: { status: StaffStatus; name: string | null }) {
  const { section: param } = useParams();
  // A confirmation that runs out while the console is open closes it within the minute.
  const step = gateStep(status, useNow(60_000));
  const section = sectionFor(param, status.role);
  if (step === 'open' && section === null) return <Redirect to="/staff" replace />;

  return (
    <section className="staff" aria-labelledby="staff-title">
      <header className="staff__header">
        <Link to="/" className="icon-btn" aria-label="Back to the app">
          <ArrowLeftIcon size={22} />
        </Link>
        <div className="staff__identity">
          <h1 id="staff-title" className="staff__title">
            {staffTexts.consoleTitle}
          </h1>
          <p className="staff__who">
            {name && <span className="staff__name">{name}</span>}
            <span className="staff__role" data-role={status.role}>
              {roleLabels[status.role]}
            </span>
          </p>
        </div>
      </header>
      {step !== 'open' ? (
        <PasskeyGate step={step} />
      ) : (
        section !== null && (
          <>
            <StaffNav status={status} current={section} />
            <SectionPanel section={section} />
          </>
        )
      )}
    </section>
  );
}

function StaffNav({ status, current }: { status: StaffStatus; current: StaffSection }) {
  return (
    <nav className="staff-nav" aria-label="Staff console">
      <ul className="staff-nav__list">
        {sectionsFor(status.role).map((section) => (
          <li key={section.id}>
            <Link
              to={sectionPath(section.id)}
              className="staff-nav__link"
              aria-current={section.id === current ? 'page' : undefined}
            >
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SectionPanel({ section }: { section: StaffSection }) {
  switch (section) {
    case 'reports':
      return <ReportsPanel />;
    case 'appeals':
      return <AppealsPanel />;
    case 'audit':
      return <AuditPanel />;
    case 'roles':
      return <RolesPanel />;
  }
}
