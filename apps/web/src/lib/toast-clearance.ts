import { useCallback, useEffect, useRef } from 'react';

/** The custom property the toast stack sits above (styles/components.css `.toasts`). */
const PROPERTY = '--toast-clearance';
/** Room between the controls and a toast. */
const GAP_PX = 8;

/**
 * Controls a toast must never cover (issue 45: the photo step's toast covered Skip and
 * Continue): the toasts rise above them while they are on screen, wherever they sit, and no
 * higher than the middle of the screen. For a screen's primary bottom controls: the onboarding
 * step's buttons, the chat composer, Discover's card buttons. Returns the ref for the element.
 */
export function useToastClearance<T extends HTMLElement>(): (element: T | null) => void {
  const element = useRef<T | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const frame = useRef(0);

  const measure = useCallback(() => {
    frame.current = 0;
    const root = document.documentElement;
    const el = element.current;
    if (!el) {
      root.style.removeProperty(PROPERTY);
      return;
    }
    const { top } = el.getBoundingClientRect();
    const height = window.innerHeight;
    const clearance = top >= height ? 0 : Math.min(height / 2, height - top + GAP_PX);
    root.style.setProperty(PROPERTY, `${Math.round(Math.max(0, clearance))}px`);
  }, []);

  const schedule = useCallback(() => {
    if (!frame.current) frame.current = requestAnimationFrame(measure);
  }, [measure]);

  useEffect(() => {
    const watch = new ResizeObserver(schedule);
    observer.current = watch;
    watch.observe(document.documentElement);
    if (element.current) watch.observe(element.current);
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      watch.disconnect();
      observer.current = null;
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame.current);
      frame.current = 0;
      document.documentElement.style.removeProperty(PROPERTY);
    };
  }, [schedule]);

  return useCallback(
    (el: T | null) => {
      if (element.current) observer.current?.unobserve(element.current);
      element.current = el;
      if (el) observer.current?.observe(el);
      schedule();
    },
    [schedule],
  );
}
