import { PHOTO_ACCEPTED_TYPES } from '@heartline/domain';
import { useRef, type ChangeEvent } from 'react';

/**
 * A hidden file input opened by an ordinary button, so the visible control is a real,
 * keyboard-reachable button. The type is checked by content after the pick; `accept` only
 * narrows the chooser.
 */
export function useFilePicker(onPick: (file: File) => void) {
  const inputRef = useRef<HTMLInputElement>(null);
  const open = () => inputRef.current?.click();
  const inputProps = {
    ref: inputRef,
    type: 'file' as const,
    accept: PHOTO_ACCEPTED_TYPES.join(','),
    className: 'visually-hidden',
    tabIndex: -1,
    'aria-hidden': true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const file = event.target.files?.[0];
      // Cleared so that picking the same file again fires another change.
      event.target.value = '';
      if (file) onPick(file);
    },
  };
  return { open, inputProps };
}
