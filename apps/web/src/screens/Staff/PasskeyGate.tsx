import { useEffect, useId } from 'react';
import { ShieldIcon } from '../../components/NetworkIcons.tsx';
import {
  loadWebAuthn,
  useConfirmPasskeyMutation,
  useEnrolPasskeyMutation,
} from '../../state/queries/staff.ts';
import { ceremonyErrorText, staffTexts, type GateStep } from './staff-view.ts';

/**
 * The staff console's second factor (DESIGN.md §6): the first visit enrols a passkey, a session
 * without a confirmation in the last 12 hours confirms with it. Every staff route answers 403
 * PASSKEY_REQUIRED until then, and any that does later brings this back.
 */
export function PasskeyGate({ step }: { step: Exclude<GateStep, 'open'> }) {
  const enrol = useEnrolPasskeyMutation();
  const confirm = useConfirmPasskeyMutation();
  const ceremony = step === 'enrol' ? enrol : confirm;
  const titleId = useId();
  const errorId = useId();

  // The library is in before the button is pressed: some browsers take a passkey prompt only
  // close to the press that asked for it.
  useEffect(() => {
    void loadWebAuthn().catch(() => undefined);
  }, []);

  const title = step === 'enrol' ? staffTexts.enrolTitle : staffTexts.confirmTitle;
  return (
    <section className="card staff-gate" aria-labelledby={titleId}>
      <span className="staff-gate__icon" aria-hidden="true">
        <ShieldIcon size={32} />
      </span>
      <h2 id={titleId} className="staff-gate__title">
        {title}
      </h2>
      <p>{step === 'enrol' ? staffTexts.enrolText : staffTexts.confirmText}</p>
      {ceremony.isError && (
        <p id={errorId} className="banner banner--error" role="alert">
          {ceremonyErrorText(ceremony.error)}
        </p>
      )}
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={ceremony.isPending}
        aria-busy={ceremony.isPending || undefined}
        aria-describedby={ceremony.isError ? errorId : undefined}
        onClick={() => ceremony.mutate()}
      >
        {ceremony.isPending && <span className="spinner spinner--xs" aria-hidden="true" />}
        {ceremony.isPending
          ? staffTexts.waitingForPasskey
          : step === 'enrol'
            ? staffTexts.enrolButton
            : staffTexts.confirmButton}
      </button>
    </section>
  );
}
