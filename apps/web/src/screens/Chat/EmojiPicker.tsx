import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

/** spec/3 §9: the picker's grid has 8 columns. */
export const EMOJI_COLUMNS = 8;

/** Common emoji, with the names screen readers announce for the buttons. */
export const EMOJI: readonly (readonly [string, string])[] = [
  ['😀', 'Grinning face'],
  ['😂', 'Tears of joy'],
  ['😊', 'Smiling face'],
  ['😍', 'Heart eyes'],
  ['🥰', 'Smiling face with hearts'],
  ['😘', 'Blowing a kiss'],
  ['😉', 'Winking face'],
  ['😎', 'Sunglasses'],
  ['🤔', 'Thinking face'],
  ['😅', 'Sweat smile'],
  ['😇', 'Halo'],
  ['🙂', 'Slight smile'],
  ['😢', 'Crying face'],
  ['😮', 'Surprised face'],
  ['😴', 'Sleeping face'],
  ['🤗', 'Hugging face'],
  ['❤️', 'Red heart'],
  ['💕', 'Two hearts'],
  ['💖', 'Sparkling heart'],
  ['🔥', 'Fire'],
  ['✨', 'Sparkles'],
  ['🎉', 'Party popper'],
  ['🌹', 'Rose'],
  ['☕', 'Coffee'],
  ['👍', 'Thumbs up'],
  ['👎', 'Thumbs down'],
  ['👏', 'Clapping hands'],
  ['🙌', 'Raised hands'],
  ['🙏', 'Folded hands'],
  ['👋', 'Waving hand'],
  ['💪', 'Flexed biceps'],
  ['🤝', 'Handshake'],
];

type EmojiPickerProps = {
  id: string;
  onPick: (emoji: string) => void;
  /** Escape: the picker closes and focus returns to its button. */
  onClose: () => void;
};

/**
 * The emoji grid (spec/3 §2): one tab stop, arrow keys move between emoji (8 per row), Enter
 * or a tap inserts one at the cursor and the grid stays open for more.
 */
export function EmojiPicker({ id, onPick, onClose }: EmojiPickerProps) {
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const moved = useRef(false);

  useEffect(() => {
    if (moved.current) buttons.current[active]?.focus();
  }, [active]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = EMOJI.length - 1;
    const step: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: EMOJI_COLUMNS,
      ArrowUp: -EMOJI_COLUMNS,
    };
    let next: number | null = null;
    if (event.key in step) next = active + (step[event.key] ?? 0);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (next === null) return;
    event.preventDefault();
    moved.current = true;
    setActive(Math.min(last, Math.max(0, next)));
  };

  return (
    <div id={id} className="emoji-picker" role="group" aria-label="Emoji" onKeyDown={onKeyDown}>
      {EMOJI.map(([emoji, name], index) => (
        <button
          key={emoji}
          ref={(node) => {
            buttons.current[index] = node;
          }}
          type="button"
          className="emoji-picker__item"
          aria-label={name}
          tabIndex={index === active ? 0 : -1}
          onFocus={() => setActive(index)}
          onClick={() => onPick(emoji)}
        >
          <span aria-hidden="true">{emoji}</span>
        </button>
      ))}
    </div>
  );
}
