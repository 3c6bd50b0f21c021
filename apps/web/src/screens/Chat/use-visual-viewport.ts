import { useEffect, useState, type CSSProperties } from 'react';

/** spec/3 §9: the on-screen keyboard is open when the viewport shrinks by more than 150 px. */
export const KEYBOARD_MIN_PX = 150;

export type ViewportFit = {
  keyboardOpen: boolean;
  /** Pins the screen to the visible part of the page while the keyboard covers the rest. */
  style: CSSProperties | undefined;
};

const closed: ViewportFit = { keyboardOpen: false, style: undefined };

/**
 * Keeps the chat's input above the on-screen keyboard. Phones shrink only the visual viewport
 * when the keyboard opens, so a full-height screen would end under the keyboard; while it is
 * open the screen takes the visual viewport's height and position instead.
 */
export function useVisualViewportFit(): ViewportFit {
  const [fit, setFit] = useState<ViewportFit>(closed);

  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    let fullHeight = Math.max(viewport.height, window.innerHeight);
    let width = viewport.width;
    const update = () => {
      // A rotation changes what full height is.
      if (Math.abs(viewport.width - width) > 1) {
        width = viewport.width;
        fullHeight = viewport.height;
      }
      fullHeight = Math.max(fullHeight, viewport.height);
      // Pinch-zoom shrinks the visual viewport too; that is not a keyboard.
      const zoomed = viewport.scale > 1.01;
      if (zoomed || fullHeight - viewport.height <= KEYBOARD_MIN_PX) {
        setFit((current) => (current.keyboardOpen ? closed : current));
        return;
      }
      const height = Math.round(viewport.height);
      const top = Math.round(viewport.offsetTop);
      setFit((current) =>
        current.keyboardOpen && current.style?.height === height && current.style.top === top
          ? current
          : { keyboardOpen: true, style: { position: 'fixed', top, height } },
      );
    };
    update();
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    return () => {
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
    };
  }, []);

  return fit;
}
