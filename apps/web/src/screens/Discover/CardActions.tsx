import { CloseIcon, HeartIcon } from '../../components/Icons.tsx';
import { RouteIcon } from '../../components/NetworkIcons.tsx';
import { SkipIcon, StarIcon } from './DiscoverIcons.tsx';
import { useToastClearance } from '../../lib/toast-clearance.ts';

type CardActionsProps = {
  name: string;
  onPath: () => void;
  onPass: () => void;
  onLike: () => void;
  onSuperLike: () => void;
  onSkip: () => void;
};

/** The buttons under the card: every gesture has one (pass, like and super like ask first). */
export function CardActions({
  name,
  onPath,
  onPass,
  onLike,
  onSuperLike,
  onSkip,
}: CardActionsProps) {
  const clearance = useToastClearance<HTMLDivElement>();
  return (
    <div className="dactions" role="group" aria-label={`Actions for ${name}`} ref={clearance}>
      <button
        type="button"
        className="dactions__btn dactions__btn--path"
        aria-label={`Show how you are connected to ${name}`}
        onClick={onPath}
      >
        <RouteIcon size={22} />
      </button>
      <button
        type="button"
        className="dactions__btn dactions__btn--pass"
        aria-label={`Pass on ${name}`}
        onClick={onPass}
      >
        <CloseIcon size={30} />
      </button>
      <button
        type="button"
        className="dactions__btn dactions__btn--like"
        aria-label={`Like ${name}`}
        onClick={onLike}
      >
        <HeartIcon size={30} />
      </button>
      <button
        type="button"
        className="dactions__btn dactions__btn--superlike"
        aria-label={`Super like ${name}`}
        onClick={onSuperLike}
      >
        <StarIcon size={22} />
      </button>
      <button
        type="button"
        className="dactions__btn dactions__btn--skip"
        aria-label={`Skip ${name} for now`}
        onClick={onSkip}
      >
        <SkipIcon size={22} />
      </button>
    </div>
  );
}
