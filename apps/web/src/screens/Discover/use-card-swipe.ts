import {
  useCallback,
  useEffect,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { afterNextFrame } from '../../lib/after-frame.ts';
import { keyGesture, swipeGesture, type CardGesture } from './discover-view.ts';

/** Movement before a press becomes a drag: a tap on a button inside the card stays a tap. */
const DRAG_SLOP_PX = 6;
/** The fly-out's length; matches `.dcard--leaving` transition in discover.css. */
export const FLY_MS = 220;
/** How far the stamps (LIKE, NOPE...) take to show fully. */
const STAMP_FULL_PX = 90;
/** A press held this long without moving is a super like. */
export const LONG_PRESS_MS = 550;

type Drag = {
  pointerId: number;
  startX: number;
  startY: number;
  dx: number;
  dy: number;
  active: boolean;
};

/**
 * How a gesture came: by key or pointer, whether the card had focus, and whether the card is
 * flying out (for `FLY_MS`; the screen keeps it on screen until it has left).
 */
export type GestureSource = { keyboard: boolean; hadFocus: boolean; flying: boolean };

function reducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

function buzz() {
  // A light tick where the device has a vibration motor (not on iOS, not on desktops).
  if (typeof navigator.vibrate === 'function') navigator.vibrate(10);
}

/**
 * Swipes on a card with pointer events. The card follows the finger through its transform only
 * (written straight to the element, no React render per move); below the threshold it springs
 * back, beyond it a pass, like or skip sends it flying and reports the gesture a frame later (the
 * request leaves and the next card comes forward while this one flies), and a down swipe
 * springs back and asks for the path; a press held still asks for a super like. Arrow keys on
 * the focused card do what the swipes do. A card that
 * flew and is enabled again (its action was refused and it is back in the deck) returns to its
 * place.
 */
export function useCardSwipe(
  onGesture: (gesture: CardGesture, source: GestureSource) => void,
  enabled: boolean,
  /** A tap on the card (not on a control inside it), or Enter on the focused card. */
  onOpen?: () => void,
) {
  const ref = useRef<HTMLElement>(null);
  const drag = useRef<Drag | null>(null);
  const frame = useRef(0);
  const leaving = useRef(false);
  const latest = useRef(onGesture);
  const latestOpen = useRef(onOpen);
  const holding = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stopHolding = () => {
    clearTimeout(holding.current);
    holding.current = undefined;
  };

  useEffect(() => {
    latest.current = onGesture;
    latestOpen.current = onOpen;
  }, [onGesture, onOpen]);

  useEffect(
    () => () => {
      cancelAnimationFrame(frame.current);
      clearTimeout(holding.current);
    },
    [],
  );

  const paint = useCallback(() => {
    frame.current = 0;
    const el = ref.current;
    const d = drag.current;
    if (!el || !d) return;
    el.style.transform = `translate3d(${d.dx}px, ${d.dy}px, 0) rotate(${d.dx * 0.05}deg)`;
    const along = (v: number) => String(Math.min(1, Math.max(0, v / STAMP_FULL_PX)));
    const horizontal = Math.abs(d.dx) >= Math.abs(d.dy);
    el.style.setProperty('--stamp-like', horizontal ? along(d.dx) : '0');
    el.style.setProperty('--stamp-pass', horizontal ? along(-d.dx) : '0');
    el.style.setProperty('--stamp-skip', horizontal ? '0' : along(-d.dy));
    el.style.setProperty('--stamp-path', horizontal ? '0' : along(d.dy));
  }, []);

  const settle = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    el.classList.remove('dcard--dragging');
    el.style.transform = '';
    for (const name of ['like', 'superlike', 'pass', 'skip', 'path']) {
      el.style.removeProperty(`--stamp-${name}`);
    }
  }, []);

  useEffect(() => {
    if (!enabled || !leaving.current) return;
    leaving.current = false;
    ref.current?.classList.remove('dcard--leaving');
    ref.current?.style.removeProperty('width');
    ref.current?.style.removeProperty('height');
    settle();
  }, [enabled, settle]);

  /** Sends the card off screen in the gesture's direction and reports the gesture. */
  const fling = useCallback(
    (gesture: CardGesture, how: Omit<GestureSource, 'flying'>) => {
      const el = ref.current;
      if (!el || leaving.current) return;
      if (gesture === 'path') {
        settle();
        latest.current(gesture, { ...how, flying: false });
        return;
      }
      leaving.current = true;
      if (reducedMotion()) {
        latest.current(gesture, { ...how, flying: false });
        return;
      }
      const d = drag.current;
      const width = window.innerWidth;
      const height = window.innerHeight;
      el.classList.remove('dcard--dragging');
      el.classList.add('dcard--leaving');
      // Its size held while it flies, whatever the screen around it does (after the last card
      // the action buttons go, and the stage grows).
      el.style.width = `${el.offsetWidth}px`;
      el.style.height = `${el.offsetHeight}px`;
      // A super like leaves the way a like does.
      const right = gesture === 'like' || gesture === 'superlike';
      el.style.transform =
        gesture === 'skip'
          ? `translate3d(${d?.dx ?? 0}px, ${-height}px, 0)`
          : `translate3d(${right ? width * 1.2 : -width * 1.2}px, ${d?.dy ?? 0}px, 0) rotate(${right ? 18 : -18}deg)`;
      el.style.setProperty(`--stamp-${gesture}`, '1');
      // Reported once the frame that starts the flight is out, so that the work the gesture
      // starts (the request, the next card coming forward) does not delay it. Reported even if
      // the card is gone by then: the user acted.
      afterNextFrame(() => latest.current(gesture, { ...how, flying: true }));
    },
    [settle],
  );

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (!enabled || leaving.current || drag.current) return;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      dx: 0,
      dy: 0,
      active: false,
    };
    // Held still on the card (not on a control inside it): a super like.
    if ((event.target as Element).closest('button, a')) return;
    const hadFocus = event.currentTarget.contains(document.activeElement);
    // It asks first, as the button does: a finger resting on the card spends nothing.
    holding.current = setTimeout(() => {
      holding.current = undefined;
      const d = drag.current;
      if (!d || d.active) return;
      drag.current = null;
      buzz();
      latest.current('superlike', { keyboard: false, hadFocus, flying: false });
    }, LONG_PRESS_MS);
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    d.dx = event.clientX - d.startX;
    d.dy = event.clientY - d.startY;
    if (!d.active) {
      if (Math.max(Math.abs(d.dx), Math.abs(d.dy)) < DRAG_SLOP_PX) return;
      stopHolding();
      d.active = true;
      event.currentTarget.setPointerCapture(event.pointerId);
      event.currentTarget.classList.add('dcard--dragging');
    }
    if (!frame.current) frame.current = requestAnimationFrame(paint);
  };

  const end = (event: PointerEvent<HTMLElement>, cancelled: boolean) => {
    stopHolding();
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    cancelAnimationFrame(frame.current);
    frame.current = 0;
    if (!d.active) {
      drag.current = null;
      // A press shorter than the super like's, that never moved: a tap opens the profile.
      if (!cancelled && !(event.target as Element).closest('button, a')) latestOpen.current?.();
      return;
    }
    const gesture = cancelled ? null : swipeGesture(d.dx, d.dy);
    const hadFocus = event.currentTarget.contains(document.activeElement);
    if (gesture) {
      buzz();
      fling(gesture, { keyboard: false, hadFocus });
    } else {
      settle();
    }
    drag.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!enabled || event.target !== event.currentTarget) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key === 'Enter' && latestOpen.current) {
      event.preventDefault();
      latestOpen.current();
      return;
    }
    const gesture = keyGesture(event.key);
    if (!gesture) return;
    event.preventDefault();
    fling(gesture, { keyboard: true, hadFocus: true });
  };

  return {
    ref,
    fling,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: (event: PointerEvent<HTMLElement>) => end(event, false),
      onPointerCancel: (event: PointerEvent<HTMLElement>) => end(event, true),
      // A long press is the super like, not the browser's menu for the photo.
      onContextMenu: (event: MouseEvent<HTMLElement>) => {
        if (drag.current) event.preventDefault();
      },
      onKeyDown,
    },
  };
}
