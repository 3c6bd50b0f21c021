import { HeartIcon } from './Icons.tsx';

/** The brand mark: a white heart on the theme-coloured tile. Decorative; the heading names the app. */
export function HeartLogo({ size = 72 }: { size?: number }) {
  return (
    <span className="heart-logo" data-size={size > 56 ? 'lg' : 'sm'} aria-hidden="true">
      <HeartIcon size={Math.round(size * 0.55)} />
    </span>
  );
}
