import { CloseIcon, HeartIcon } from '../../components/Icons.tsx';
import { RouteIcon } from '../../components/NetworkIcons.tsx';
import { SkipIcon } from './DiscoverIcons.tsx';

type CardActionsProps = {
  name: string;
  onPath: () => void;
  onPass: () => void;
  onLike: () => void;
  onSkip: () => void;
};

/** The buttons under the card: every swipe has one (pass and like ask first). */
export function CardActions({ name, onPath, onPass, onLike, onSkip }: CardActionsProps) {
  return (
    <div className="dactions" role="group" aria-label={`Actions for ${name}`}>
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
        className="dactions__btn dactions__btn--skip"
        aria-label={`Skip ${name} for now`}
        onClick={onSkip}
      >
        <SkipIcon size={22} />
      </button>
    </div>
  );
}
