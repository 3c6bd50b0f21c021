import { trustMessages } from '@heartline/domain';
import { BottomSheet } from '../../components/BottomSheet.tsx';
import { TrustBreakdown, TrustReportState, TrustUnlocks } from './TrustBreakdown.tsx';

type TrustScoreSheetProps = {
  onClose: () => void;
  /** Offered with the hint when the score is 0 (opens the Invite Friends dialog). */
  onInvite?: () => void;
};

/**
 * The Trust Score bottom sheet (spec/1 §2): the score, its calculation, a hint to invite
 * friends at 0, and "Got it". Escape and a backdrop click close it.
 */
export function TrustScoreSheet({ onClose, onInvite }: TrustScoreSheetProps) {
  return (
    <BottomSheet
      title="Trust Score"
      onClose={onClose}
      footer={
        <button type="button" className="btn btn--primary btn--block" onClick={onClose}>
          {trustMessages.gotIt}
        </button>
      }
    >
      <TrustReportState>
        {(report) => (
          <>
            <TrustBreakdown report={report} />
            {report.trustScore === 0 && (
              <div className="trust-report__hint">
                <p>{trustMessages.inviteHint}</p>
                {onInvite && (
                  <button type="button" className="btn btn--ghost btn--sm" onClick={onInvite}>
                    Invite Friends
                  </button>
                )}
              </div>
            )}
            <TrustUnlocks report={report} />
          </>
        )}
      </TrustReportState>
    </BottomSheet>
  );
}
