import { useState } from 'react';
import { PersonIcon, WarningIcon } from './Icons.tsx';

export const avatarSizes = { xs: 24, sm: 32, md: 40, lg: 48, xl: 64 } as const;
export type AvatarSize = keyof typeof avatarSizes;

type AvatarProps = {
  /**
   * The person shown; null when there is no user at all ('?'). `avatarUrl` is the small square
   * crop of the photo and is preferred: every avatar size fits it.
   */
  user: { name: string | null; photoUrl: string | null; avatarUrl?: string | null } | null;
  size?: AvatarSize;
  className?: string;
};

/**
 * A round avatar: the photo, a person placeholder without one, '?' without a user, and a
 * warning icon when the photo fails to load.
 */
export function Avatar({ user, size = 'md', className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const px = avatarSizes[size];
  const classes = ['avatar', `avatar--${size}`, className].filter(Boolean).join(' ');
  const who = user?.name?.trim() || 'User';

  if (!user) {
    return (
      <span className={classes} role="img" aria-label="Unknown user">
        <span className="avatar__initial" aria-hidden="true">
          ?
        </span>
      </span>
    );
  }
  const photo = user.avatarUrl ?? user.photoUrl;
  if (photo && failedSrc !== photo) {
    const src = photo;
    return (
      <span className={classes}>
        <img
          loading="lazy"
          decoding="async"
          src={src}
          alt={`${who}'s photo`}
          width={px}
          height={px}
          onError={() => setFailedSrc(src)}
        />
      </span>
    );
  }
  if (photo) {
    return (
      <span
        className={`${classes} avatar--error`}
        role="img"
        aria-label={`${who}'s photo could not be loaded`}
      >
        <WarningIcon size={Math.round(px * 0.5)} />
      </span>
    );
  }
  return (
    <span className={classes} role="img" aria-label={`${who} has no photo yet`}>
      <PersonIcon size={Math.round(px * 0.58)} />
    </span>
  );
}
