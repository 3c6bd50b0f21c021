import { useNavigate } from '../../app/navigation.tsx';
import { useTasks } from '../../app/TaskProvider.tsx';
import { useTheme } from '../../app/ThemeProvider.tsx';
import { useToast } from '../../app/ToastProvider.tsx';
import { MoonIcon, SettingsIcon, SignOutIcon, SunIcon } from '../../components/Icons.tsx';
import { MenuButton } from '../../components/MenuButton.tsx';
import { BlockIcon } from '../../components/NetworkIcons.tsx';
import { PencilIcon } from '../../components/ProfileIcons.tsx';
import { useSignOutMutation } from '../../state/queries/session.ts';

/**
 * The profile's more-options menu: Edit Profile, Settings, Blocked people, the theme and Sign
 * Out, which clears this browser's local and session storage.
 */
export function ProfileMenu({
  onEditProfile,
  onBlockedPeople,
}: {
  onEditProfile: () => void;
  onBlockedPeople: () => void;
}) {
  const { theme, setChoice } = useTheme();
  const { runHighPriority } = useTasks();
  const signOut = useSignOutMutation();
  const toast = useToast();
  const navigate = useNavigate();

  const doSignOut = async () => {
    try {
      await runHighPriority(() => signOut.mutateAsync());
      navigate('/', { replace: true });
    } catch {
      toast.error('Could not sign out. Please check your connection and try again.');
    }
  };

  return (
    <MenuButton
      label="More options"
      iconSize={22}
      items={[
        { label: 'Edit Profile', icon: <PencilIcon size={20} />, onSelect: onEditProfile },
        {
          label: 'Settings',
          icon: <SettingsIcon size={20} />,
          onSelect: () => void navigate('/settings'),
        },
        { label: 'Blocked people', icon: <BlockIcon size={20} />, onSelect: onBlockedPeople },
        {
          label: theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme',
          icon: theme === 'dark' ? <SunIcon size={20} /> : <MoonIcon size={20} />,
          onSelect: () => setChoice(theme === 'dark' ? 'light' : 'dark'),
        },
        {
          label: 'Sign Out',
          icon: <SignOutIcon size={20} />,
          onSelect: () => void doSignOut(),
          danger: true,
        },
      ]}
    />
  );
}
