import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { MoreIcon } from './Icons.tsx';

export type MenuItem = {
  label: string;
  icon: ReactNode;
  onSelect: () => void;
  danger?: boolean;
};

/**
 * A more-options menu (WAI-ARIA menu button): opening it focuses the first item, the arrow
 * keys move round the items, Home and End go to the ends, Escape closes it and focuses the
 * button again, Tab and a pointer press outside close it. A compact menu (a row's, a header's)
 * is narrower and opens upwards when the button sits too close to the bottom (the tab bar) for
 * the list to fit below it.
 */
export function MenuButton({
  label,
  iconSize,
  items,
  compact = false,
}: {
  label: string;
  iconSize: number;
  items: readonly MenuItem[];
  compact?: boolean;
}) {
  const [open, setOpen] = useState<false | 'down' | 'up'>(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target))
        setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const toggle = () => {
    if (open) {
      setOpen(false);
      return;
    }
    const rect = compact ? buttonRef.current?.getBoundingClientRect() : undefined;
    const needed = items.length * 48 + 120;
    setOpen(rect && window.innerHeight - rect.bottom < needed ? 'up' : 'down');
  };

  const close = (restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = all.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => all[(i + all.length) % all.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(all.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  const listClass = compact
    ? `menu__list menu__list--compact${open === 'up' ? ' menu__list--up' : ''}`
    : 'menu__list';

  return (
    <div className="menu">
      <button
        ref={buttonRef}
        type="button"
        className="icon-btn"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls={open ? menuId : undefined}
        onClick={toggle}
      >
        <MoreIcon size={iconSize} />
      </button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          className={listClass}
          onKeyDown={onKeyDown}
        >
          {items.map((item) => (
            <li role="none" key={item.label}>
              <button
                type="button"
                role="menuitem"
                className={`menu__item${item.danger ? ' menu__item--danger' : ''}`}
                onClick={() => {
                  // Focus goes back to the menu button first, so a dialog opened by the item
                  // returns focus there when it closes.
                  close(true);
                  item.onSelect();
                }}
              >
                {item.icon}
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
