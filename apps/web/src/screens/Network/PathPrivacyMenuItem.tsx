import { networkMessages } from '@heartline/domain';
import { useToast } from '../../app/ToastProvider.tsx';
import { RouteIcon } from '../../components/NetworkIcons.tsx';
import { usePrivacyQuery, useUpdatePrivacyMutation } from '../../state/queries/privacy.ts';

export const SHOW_IN_PATHS_LABEL = "Show me as the connecting person in other people's paths";

/**
 * The "show me in paths" privacy switch as a menu item (menuitemcheckbox), for the profile's
 * options menu until a Settings screen exists. Optimistic; reverts with the spec's toast.
 */
export function PathPrivacyMenuItem() {
  const privacy = usePrivacyQuery();
  const update = useUpdatePrivacyMutation();
  const toast = useToast();
  const checked = privacy.data?.showInPaths ?? true;

  const toggle = () => {
    if (!privacy.data) return;
    update.mutate(
      { showInPaths: !checked },
      {
        onSuccess: () => toast.success(networkMessages.privacyUpdated),
        onError: () => toast.error(networkMessages.privacySaveFailed),
      },
    );
  };

  return (
    <button
      type="button"
      role="menuitemcheckbox"
      aria-checked={privacy.data ? checked : 'mixed'}
      aria-disabled={!privacy.data || undefined}
      className="menu__item menu__item--wrap"
      onClick={toggle}
    >
      <RouteIcon size={20} />
      <span className="menu__item-label">{SHOW_IN_PATHS_LABEL}</span>
      <span className="net-switch" aria-hidden="true" data-on={checked && Boolean(privacy.data)} />
    </button>
  );
}
