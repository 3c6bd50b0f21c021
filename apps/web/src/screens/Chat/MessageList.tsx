import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ArrowDownIcon, ClockIcon, DoubleTickIcon, TickIcon } from '../../components/ChatIcons.tsx';
import { tickLabels, type Tick, type TimelineItem } from './chat-view.ts';

type MessageListProps = {
  items: readonly TimelineItem[];
  otherName: string;
  /** Older pages exist: they load when the reader nears the top. */
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** Bumped when I send: the list goes to my new message wherever it was. */
  sentCount: number;
  /** The space around the list changed size (the on-screen keyboard): stay at the end. */
  viewportKey: string;
  /** Shown instead of the messages (loading, empty, failed). */
  placeholder?: ReactNode;
};

/** Near the end by this much still counts as reading the newest message. */
const END_THRESHOLD_PX = 80;
/** Older messages load when the top is this close. */
const LOAD_OLDER_PX = 400;
/** How long scrolling after a wheel, touch or key counts as the reader's own. */
const USER_SCROLL_MS = 1_000;

/**
 * The conversation, virtualized (only the rows on screen are in the DOM), anchored at the
 * end: it opens at the newest message, keeps the reader's place when older pages arrive
 * above, and follows new messages only when the reader is already at the end.
 */
export function MessageList({
  items,
  otherName,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  sentCount,
  viewportKey,
  placeholder,
}: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const started = useRef(false);
  /**
   * The reader keeps to the newest message. Only their own scrolling changes it: the list's
   * own moves (anchoring, following) would read as "left the end" while a burst of messages
   * is still being laid out.
   */
  const stick = useRef(true);
  const userScrollUntil = useRef(0);
  const [showJump, setShowJump] = useState(false);

  // The app does not run the React Compiler, so nothing memoizes around the virtualizer.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (items[index]?.day ? 104 : 64),
    getItemKey: (index) => items[index]?.key ?? index,
    overscan: 8,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: END_THRESHOLD_PX,
    paddingStart: 8,
    paddingEnd: 8,
  });

  useLayoutEffect(() => {
    if (started.current || items.length === 0) return;
    started.current = true;
    virtualizer.scrollToEnd();
  }, [items.length, virtualizer]);

  useLayoutEffect(() => {
    if (sentCount === 0) return;
    stick.current = true;
    virtualizer.scrollToEnd();
  }, [sentCount, virtualizer]);

  // New messages at the end, or a resized viewport (the keyboard): a reader at the end stays
  // there. The virtualizer follows appends by itself; this covers those that come while one
  // of its scrolls is still under way.
  const lastKey = items.at(-1)?.key;
  useLayoutEffect(() => {
    if (started.current && stick.current) virtualizer.scrollToEnd();
  }, [lastKey, viewportKey, virtualizer]);

  // After every render (scrolling renders): near the top, the next older page loads.
  useEffect(() => {
    const element = scrollRef.current;
    if (!element || !started.current || !hasOlder || loadingOlder) return;
    if (element.scrollTop < LOAD_OLDER_PX) onLoadOlder();
  });

  // Scroll events this soon after the reader's own input are theirs (momentum included).
  const noteUserScroll = useCallback(() => {
    userScrollUntil.current = Date.now() + USER_SCROLL_MS;
  }, []);

  const virtualItems = virtualizer.getVirtualItems();

  return (
    <div className="chat__body">
      <div
        ref={scrollRef}
        className="chat__messages"
        role="region"
        aria-label={`Messages with ${otherName}`}
        // Keyboard users scroll the conversation with the arrow keys once it has focus.
        tabIndex={0}
        // React's wheel and touch listeners are passive: scrolling never waits for them.
        onWheel={noteUserScroll}
        onTouchMove={noteUserScroll}
        onKeyDown={noteUserScroll}
        onPointerDown={noteUserScroll}
        onScroll={(event) => {
          // Read from the element: during its own smooth scroll the virtualizer reports the target.
          const el = event.currentTarget;
          const atEnd = el.scrollHeight - el.scrollTop - el.clientHeight <= END_THRESHOLD_PX;
          if (Date.now() < userScrollUntil.current || atEnd) stick.current = atEnd;
          setShowJump(!stick.current);
        }}
      >
        {placeholder ?? (
          <>
            {loadingOlder && (
              <p className="chat__older" role="status">
                <span className="chat__older-pill">
                  <span className="spinner spinner--xs" aria-hidden="true" />
                  Loading earlier messages...
                </span>
              </p>
            )}
            <ol className="chat__rows" style={{ height: virtualizer.getTotalSize() }}>
              {virtualItems.map((row) => {
                const item = items[row.index];
                if (!item) return null;
                return (
                  <li
                    key={row.key}
                    ref={virtualizer.measureElement}
                    data-index={row.index}
                    className="chat__row"
                    style={{ transform: `translateY(${row.start}px)` }}
                  >
                    {item.day && <p className="chat__day">{item.day}</p>}
                    <Bubble item={item} otherName={otherName} />
                  </li>
                );
              })}
            </ol>
          </>
        )}
      </div>
      {showJump && !placeholder && (
        <button
          type="button"
          className="chat__jump"
          aria-label="Jump to the latest message"
          onClick={() => {
            stick.current = true;
            virtualizer.scrollToEnd({ behavior: 'smooth' });
          }}
        >
          <ArrowDownIcon size={22} />
        </button>
      )}
    </div>
  );
}

function Bubble({ item, otherName }: { item: TimelineItem; otherName: string }) {
  const side = item.system ? 'system' : item.mine ? 'mine' : 'theirs';
  const who = item.system ? 'Heartline' : item.mine ? 'You' : otherName;
  return (
    <div className={`msg msg--${side}`} data-status={item.tick ?? undefined}>
      <div className="msg__bubble">
        <span className="visually-hidden">{who}: </span>
        <p className="msg__text">{item.content}</p>
        <span className="msg__meta">
          <span className="msg__time">{item.time}</span>
          {item.tick && <Ticks tick={item.tick} />}
        </span>
      </div>
    </div>
  );
}

function Ticks({ tick }: { tick: Tick }) {
  return (
    <span className={`ticks ticks--${tick}`} role="img" aria-label={tickLabels[tick]}>
      {tick === 'sending' ? (
        <ClockIcon size={14} />
      ) : tick === 'sent' ? (
        <TickIcon size={16} />
      ) : (
        <DoubleTickIcon size={16} />
      )}
    </span>
  );
}
