import { networkMessages, type ConnectionView } from '@heartline/domain';
import { Avatar } from '../../components/Avatar.tsx';
import { useConnectionPathQuery } from '../../state/queries/network.ts';
import { pathFromNodes, pathSentence, pathSteps, type PathStep } from './network-view.ts';

/** The inline chain You -> intermediary (-> intermediary) -> them, under a row. */
export function PathChain({ view, id }: { view: ConnectionView; id: string }) {
  const known = pathSteps(view);
  const fetched = useConnectionPathQuery(view.userId, known === null);
  const steps = known ?? (fetched.data ? pathFromNodes(fetched.data.path) : null);

  if (!steps) {
    return (
      <div id={id} className="path path--state" role="status">
        {fetched.isError ? (
          networkMessages.pathUnavailable
        ) : (
          <>
            <span className="spinner spinner--sm" aria-hidden="true" />
            <span className="visually-hidden">Loading the connection path...</span>
          </>
        )}
      </div>
    );
  }
  return <PathSteps id={id} steps={steps} />;
}

/** A path's avatars and names in a row (the Discover path dialog shows one too). */
export function PathSteps({ id, steps }: { id?: string; steps: readonly PathStep[] }) {
  return (
    <ol id={id} className="path" aria-label={`Connection path: ${pathSentence(steps)}`}>
      {steps.map((step) => (
        <li key={step.key} className={step.isSelf ? 'path__step path__step--self' : 'path__step'}>
          {step.isSelf ? (
            <span className="path__you" aria-hidden="true">
              {networkMessages.you}
            </span>
          ) : (
            <Avatar user={{ name: step.name, photoUrl: step.avatar }} size="xs" />
          )}
          <span className="path__name">{step.isSelf ? null : step.name}</span>
        </li>
      ))}
    </ol>
  );
}
