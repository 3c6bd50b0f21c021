import { Dialog } from '../../components/Dialog.tsx';
import { TrustBreakdown, TrustReportState } from './TrustBreakdown.tsx';

/** The Trust Score Breakdown modal (spec/1 §2), opened from the profile's trust badge. */
export function TrustBreakdownDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Trust Score Breakdown" onClose={onClose}>
      <TrustReportState>{(report) => <TrustBreakdown report={report} />}</TrustReportState>
    </Dialog>
  );
}
