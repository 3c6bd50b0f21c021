import { peopleMessages, type Photo } from '@heartline/domain';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { PersonIcon } from '../../components/Icons.tsx';

/**
 * Every photo of a person, one at a time: swipe (the strip scrolls with snap points, so a
 * finger moves it natively), the arrow buttons, or the arrow keys on the focused strip. The
 * current one is announced as "Photo 2 of 5".
 */
export function PhotoCarousel({ photos, name }: { photos: readonly Photo[]; name: string }) {
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const total = photos.length;

  // Which photo fills the strip, as the user scrolls it by finger, wheel or button.
  useEffect(() => {
    const el = strip.current;
    if (!el || total < 2) return;
    const onScroll = () => {
      const width = el.clientWidth || 1;
      const at = Math.round(Math.abs(el.scrollLeft) / width);
      setIndex(Math.min(total - 1, Math.max(0, at)));
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [total]);

  const go = (next: number) => {
    const el = strip.current;
    if (!el) return;
    const target = Math.min(total - 1, Math.max(0, next));
    // Right to left, the strip scrolls towards negative offsets.
    const sign = getComputedStyle(el).direction === 'rtl' ? -1 : 1;
    // At once: a smooth scroll still running when the next press comes is cut short by the
    // snap points, and the strip would stop between the two.
    el.scrollTo({ left: sign * target * el.clientWidth, behavior: 'instant' });
    setIndex(target);
  };

  // Arrow keys follow the reading direction: in a right-to-left page the next photo is left.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) go(index + 1);
    else if (event.key === back) go(index - 1);
    else return;
    event.preventDefault();
  };

  if (total === 0) {
    return (
      <div className="pcarousel pcarousel--empty" role="img" aria-label="No photo yet">
        <PersonIcon size={96} />
      </div>
    );
  }

  return (
    <div className="pcarousel">
      <div
        ref={strip}
        className="pcarousel__strip"
        tabIndex={total > 1 ? 0 : undefined}
        role="group"
        aria-roledescription="carousel"
        aria-label={`Photos of ${name}`}
        onKeyDown={total > 1 ? onKeyDown : undefined}
        data-testid="person-photos"
      >
        {photos.map((photo, i) => (
          <figure
            key={photo.id}
            className="pcarousel__item"
            aria-roledescription="slide"
            aria-label={peopleMessages.photoOf(i + 1, total)}
            aria-hidden={i !== index || undefined}
          >
            <img
              className="pcarousel__img"
              src={photo.url}
              alt={i === 0 ? `Photo of ${name}` : `${name}, photo ${i + 1}`}
              width={photo.width}
              height={photo.height}
              loading={i === 0 ? 'eager' : 'lazy'}
              decoding="async"
              draggable={false}
            />
          </figure>
        ))}
      </div>
      {total > 1 && (
        <>
          <ol className="pcarousel__dots" aria-hidden="true">
            {photos.map((photo, i) => (
              <li
                key={photo.id}
                className={i === index ? 'pcarousel__dot pcarousel__dot--on' : 'pcarousel__dot'}
              />
            ))}
          </ol>
          <p className="visually-hidden" aria-live="polite" data-testid="person-photo-index">
            {peopleMessages.photoOf(index + 1, total)}
          </p>
          <button
            type="button"
            className="pcarousel__nav pcarousel__nav--prev"
            aria-label={peopleMessages.previousPhoto}
            disabled={index === 0}
            onClick={() => go(index - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="pcarousel__nav pcarousel__nav--next"
            aria-label={peopleMessages.nextPhoto}
            disabled={index === total - 1}
            onClick={() => go(index + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </>
      )}
    </div>
  );
}
