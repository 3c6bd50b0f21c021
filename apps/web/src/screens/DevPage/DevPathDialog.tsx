import type { ConnectionView } from '@heartline/domain';
import { Dialog } from '../../components/Dialog.tsx';
import { useConnectionPathQuery } from '../../state/queries/network.ts';
import { pathFromNodes } from '../Network/network-view.ts';
import { PathSteps } from '../Network/PathChain.tsx';
import { DevErrorLine } from './DevErrorLine.tsx';

/** 'Real Connection Path' (spec/3 §2): You, the mutual friend, then them, from the server. */
export function DevPathDialog({ view, onClose }: { view: ConnectionView; onClose: () => void }) {
  const path = useConnectionPathQuery(view.userId, true);

  let body;
  if (path.data) {
    body = (
      <>
        <PathSteps steps={pathFromNodes(path.data.path)} />
        <dl className="dev-path__facts">
          <div>
            <dt>Degree</dt>
            <dd>{path.data.degree}</dd>
          </div>
          <div>
            <dt>Mutual friends</dt>
            <dd>{path.data.mutualFriends.count}</dd>
          </div>
        </dl>
      </>
    );
  } else if (path.isError) {
    body = <DevErrorLine error={path.error} onRetry={() => void path.refetch()} />;
  } else {
    body = (
      <div className="dev-network__loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">Loading the connection path...</span>
      </div>
    );
  }

  return (
    <Dialog
      title="Real Connection Path"
      onClose={onClose}
      footer={
        <button type="button" className="btn btn--primary btn--block" onClick={onClose}>
          Done
        </button>
      }
    >
      <div className="dev-path">{body}</div>
    </Dialog>
  );
}
