import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from '../../app/navigation.tsx';
import { useTasks } from '../../app/TaskProvider.tsx';
import { useTheme } from '../../app/ThemeProvider.tsx';
import { useToast } from '../../app/ToastProvider.tsx';
import { MoonIcon, MoreIcon, SettingsIcon, SignOutIcon, SunIcon } from '../../components/Icons.tsx';
import { BlockIcon } from '../../components/NetworkIcons.tsx';
import { PencilIcon } from '../../components/ProfileIcons.tsx';
import { useSignOutMutation } from '../../state/queries/session.ts';

/**
 * The profile's more-options menu (WAI-ARIA menu button pattern): Edit Profile, Settings,
 * Blocked people, the theme and Sign Out, which clears this browser's local and session
 * storage.
 */
export function ProfileMenu({
  onEditProfile,
  onBlockedPeople,
}: {
  onEditProfile: () => void;
  onBlockedPeople: () => void;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const { theme, setChoice } = useTheme();
  const { runHighPriority } = useTasks();
  const signOut = useSignOutMutation();
  const toast = useToast();
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target))
        setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
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
        focusAt(items.length - 1);
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

  /** A menu entry that opens something else: the menu closes without taking the focus back. */
  const opens = (show: () => void) => {
    close(false);
    show();
  };

  const toggleTheme = () => {
    setChoice(theme === 'dark' ? 'light' : 'dark');
    close(true);
  };

  const doSignOut = async () => {
    close(false);
    try {
      await runHighPriority(() => signOut.mutateAsync());
      navigate('/', { replace: true });
    } catch {
      toast.error('Could not sign out. Please check your connection and try again.');
    }
  };

  return (
    <div className="menu">
      <button
        ref={buttonRef}
        type="button"
        className="icon-btn"
        aria-label="More options"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <MoreIcon size={22} />
      </button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="More options"
          className="menu__list"
          onKeyDown={onMenuKeyDown}
        >
          <MenuItem onSelect={() => opens(onEditProfile)}>
            <PencilIcon size={20} />
            Edit Profile
          </MenuItem>
          <MenuItem onSelect={() => void navigate('/settings')}>
            <SettingsIcon size={20} />
            Settings
          </MenuItem>
          <MenuItem onSelect={() => opens(onBlockedPeople)}>
            <BlockIcon size={20} />
            Blocked people
          </MenuItem>
          <MenuItem onSelect={toggleTheme}>
            {theme === 'dark' ? <SunIcon size={20} /> : <MoonIcon size={20} />}
            {theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
          </MenuItem>
          <MenuItem danger onSelect={() => void doSignOut()}>
            <SignOutIcon size={20} />
            Sign Out
          </MenuItem>
        </ul>
      )}
    </div>
  );
}

function MenuItem({
  onSelect,
  danger = false,
  children,
}: {
  onSelect: () => void;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <li role="none">
      <button
        type="button"
        role="menuitem"
        className={danger ? 'menu__item menu__item--danger' : 'menu__item'}
        onClick={onSelect}
      >
        {children}
      </button>
    </li>
  );
}
