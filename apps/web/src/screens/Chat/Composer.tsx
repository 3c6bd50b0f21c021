import { chatMessages, MESSAGE_MAX_LENGTH, TYPING_SEND_INTERVAL_MS } from '@heartline/domain';
import { useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { SendIcon, SmileIcon } from '../../components/ChatIcons.tsx';
import { useReturnedText } from '../../state/chat/use-chat-live.ts';
import { realtimeClient } from '../../state/realtime/socket-client.ts';
import { EmojiPicker } from './EmojiPicker.tsx';
import { useToastClearance } from '../../lib/toast-clearance.ts';

type ComposerProps = {
  chatId: string;
  /** The chat is known (spec/3 §5: a real chat must exist before anything is sent). */
  ready: boolean;
  /** Texts of messages still being sent: the same text cannot be sent twice meanwhile. */
  inFlight: ReadonlySet<string>;
  /** False when the message could not be taken (it stays in the input). */
  onSend: (text: string) => boolean;
};

/** The textarea grows with its text up to this height, then scrolls. */
const MAX_INPUT_PX = 140;

/**
 * The message input (spec/3 §2): Enter sends, Shift+Enter starts a new line, an emoji grid
 * inserts at the cursor. While typing it tells the other person, at most every 3 s, and
 * stops telling on send or when the input loses focus.
 */
export function Composer({ chatId, ready, inFlight, onSend }: ComposerProps) {
  const [text, setText] = useState('');
  const [emojiOpen, setEmojiOpen] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const clearance = useToastClearance<HTMLDivElement>();
  const emojiButtonRef = useRef<HTMLButtonElement>(null);
  const selection = useRef({ start: 0, end: 0 });
  const typingSentAt = useRef(0);
  const pickerId = useId();

  const trimmed = text.trim();
  const canSend = ready && trimmed.length > 0 && !inFlight.has(trimmed);

  // Refused messages come back (spec/3 §4), before anything typed since.
  useReturnedText(
    chatId,
    useCallback((returned: string) => {
      setText((current) => (current.trim() ? `${returned}\n${current}` : returned));
    }, []),
  );

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.style.height = 'auto';
    input.style.height = `${Math.min(input.scrollHeight, MAX_INPUT_PX)}px`;
  }, [text]);

  const stopTyping = () => {
    if (typingSentAt.current === 0) return;
    typingSentAt.current = 0;
    realtimeClient.typing(chatId, false);
  };

  const noteTyping = (value: string) => {
    if (!value.trim()) return stopTyping();
    const now = Date.now();
    if (now - typingSentAt.current < TYPING_SEND_INTERVAL_MS) return;
    typingSentAt.current = now;
    realtimeClient.typing(chatId, true);
  };

  const remember = () => {
    const input = inputRef.current;
    if (input) selection.current = { start: input.selectionStart, end: input.selectionEnd };
  };

  const send = () => {
    if (!canSend || !onSend(trimmed)) return;
    setText('');
    selection.current = { start: 0, end: 0 };
    stopTyping();
    // The send button is disabled now: focus (and the phone's keyboard) stays in the input.
    inputRef.current?.focus();
  };

  const insertEmoji = (emoji: string) => {
    const { start, end } = selection.current;
    const next = text.slice(0, start) + emoji + text.slice(end);
    if (next.length > MESSAGE_MAX_LENGTH) return;
    setText(next);
    const cursor = start + emoji.length;
    selection.current = { start: cursor, end: cursor };
    requestAnimationFrame(() => inputRef.current?.setSelectionRange(cursor, cursor));
    noteTyping(next);
  };

  const closeEmoji = () => {
    setEmojiOpen(false);
    emojiButtonRef.current?.focus();
  };

  return (
    <div className="composer" ref={clearance}>
      {emojiOpen && <EmojiPicker id={pickerId} onPick={insertEmoji} onClose={closeEmoji} />}
      <form
        className="composer__form"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <button
          ref={emojiButtonRef}
          type="button"
          className="icon-btn composer__emoji"
          aria-label={emojiOpen ? 'Close emoji' : 'Add emoji'}
          aria-expanded={emojiOpen}
          aria-controls={emojiOpen ? pickerId : undefined}
          onClick={() => setEmojiOpen((open) => !open)}
        >
          <SmileIcon size={24} />
        </button>
        <textarea
          ref={inputRef}
          className="composer__input"
          rows={1}
          placeholder={chatMessages.inputPlaceholder}
          aria-label="Message"
          maxLength={MESSAGE_MAX_LENGTH}
          value={text}
          enterKeyHint="send"
          onChange={(event) => {
            setText(event.target.value);
            selection.current = {
              start: event.target.selectionStart,
              end: event.target.selectionEnd,
            };
            noteTyping(event.target.value);
          }}
          onSelect={remember}
          onBlur={() => {
            remember();
            stopTyping();
          }}
          onKeyDown={(event) => {
            // Enter sends; Shift+Enter is a new line; Enter that ends an IME composition is not a send.
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              send();
            } else if (event.key === 'Escape' && emojiOpen) {
              event.preventDefault();
              setEmojiOpen(false);
            }
          }}
        />
        <button
          type="submit"
          className="composer__send"
          aria-label="Send message"
          disabled={!canSend}
          // A tap must not take focus from the input: the keyboard would close and reopen.
          onPointerDown={(event) => event.preventDefault()}
        >
          <SendIcon size={22} />
        </button>
      </form>
    </div>
  );
}
