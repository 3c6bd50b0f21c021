import { useState } from 'react';
import { useLocation, useNavigate } from '../../app/navigation.tsx';
import {
  DISCOVERY_VISIBILITIES,
  NOTIFICATION_PREVIEWS,
  notificationMessages,
  notificationPreviewLabels,
  profileVisibilityLabels,
  relationMessages,
  type Settings,
  settingsMessages,
  type UpdateSettings,
} from '@heartline/domain';
import { useToast } from '../../app/ToastProvider.tsx';
import { ArrowLeftIcon } from '../../components/Icons.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { RetryButton } from '../../components/RetryButton.tsx';
import { ThemeToggle } from '../../components/ThemeToggle.tsx';
import {
  notificationPermission,
  requestNotificationPermission,
} from '../../state/notifications/browser-notifications.ts';
import { ensurePushSubscription } from '../../state/notifications/push-subscription.ts';
import { usePrivacyQuery, useUpdatePrivacyMutation } from '../../state/queries/privacy.ts';
import { useSettingsQuery, useUpdateSettingsMutation } from '../../state/queries/settings.ts';
import { BlockedPeopleDialog } from '../Network/BlockedPeopleDialog.tsx';
import { MyReportsDialog } from './MyReportsDialog.tsx';
import { AccountCard } from './AccountCard.tsx';
import { SettingSwitch } from './SettingSwitch.tsx';
import './settings.css';

export const SHOW_IN_PATHS_LABEL = "Show me as the connecting person in other people's paths";

/**
 * Settings (spec/3 §2): every control is stored on the server and enforced there
 * (docs/API-settings.md). A change shows at once and reverts if the save fails.
 */
export function SettingsScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const settings = useSettingsQuery();
  const update = useUpdateSettingsMutation();
  const toast = useToast();
  const [blockedOpen, setBlockedOpen] = useState(false);
  // A review's notification opens the reports at /settings?reports.
  const [reportsOpen, setReportsOpen] = useState(() =>
    new URLSearchParams(location.search).has('reports'),
  );
  const closeReports = () => {
    setReportsOpen(false);
    if (new URLSearchParams(location.search).has('reports')) {
      navigate('/settings', { replace: true });
    }
  };

  // Back where the user came from within the app; from a fresh tab, to the profile.
  const back = () => void (location.key !== 'default' ? navigate(-1) : navigate('/profile'));

  const save = (change: UpdateSettings) =>
    update.mutate(change, {
      onSuccess: () =>
        toast.success(
          change.discover
            ? change.discover.paused
              ? settingsMessages.paused
              : settingsMessages.resumed
            : change.notifications
              ? settingsMessages.notificationsSaved
              : settingsMessages.saved,
        ),
      onError: () => toast.error(settingsMessages.saveFailed),
    });

  return (
    <section className="screen settings" aria-labelledby="screen-title">
      <header className="screen__header screen__header--start">
        <button type="button" className="icon-btn" aria-label="Back" onClick={back}>
          <ArrowLeftIcon size={22} />
        </button>
        <h1 id="screen-title" className="screen__heading">
          {settingsMessages.title}
        </h1>
      </header>

      {settings.isPending && <PageLoading label="Loading settings..." />}
      {settings.isError && (
        <div className="card center" role="alert">
          <p>{settingsMessages.loadFailed}</p>
          <RetryButton onRetry={() => settings.refetch()} />
        </div>
      )}
      {settings.isSuccess && (
        <>
          <DiscoverSettingsCard settings={settings.data} save={save} />
          <PrivacyCard settings={settings.data} save={save} />
          <section className="card settings__card" aria-labelledby="settings-appearance">
            <h2 id="settings-appearance" className="card__title">
              {settingsMessages.appearanceCard}
            </h2>
            <ThemeToggle />
          </section>
          <NotificationsCard settings={settings.data} save={save} />
          <SafetyCard
            settings={settings.data}
            save={save}
            onBlockedPeople={() => setBlockedOpen(true)}
            onMyReports={() => setReportsOpen(true)}
          />
        </>
      )}
      {/* Below the cards once they are in: shown under the spinner, it jumped down the screen
          when they came (a layout shift of 0.29). */}
      {!settings.isPending && <AccountCard />}
      {blockedOpen && <BlockedPeopleDialog onClose={() => setBlockedOpen(false)} />}
      {reportsOpen && <MyReportsDialog onClose={closeReports} />}
    </section>
  );
}

type CardProps = { settings: Settings; save: (change: UpdateSettings) => void };

/** Pausing: out of everyone's Discover until resumed (docs/API-settings.md). */
function DiscoverSettingsCard({ settings, save }: CardProps) {
  return (
    <section className="card settings__card" aria-labelledby="settings-discover">
      <h2 id="settings-discover" className="card__title">
        {settingsMessages.discoverCard}
      </h2>
      <SettingSwitch
        label={settingsMessages.pauseLabel}
        description={settingsMessages.pauseHint}
        checked={settings.discover.paused}
        onChange={(on) => save({ discover: { paused: on } })}
      />
    </section>
  );
}

function PrivacyCard({ settings, save }: CardProps) {
  const { privacy, chat } = settings;
  return (
    <section className="card settings__card" aria-labelledby="settings-privacy">
      <h2 id="settings-privacy" className="card__title">
        {settingsMessages.privacyCard}
      </h2>
      <fieldset className="settings__choices">
        <legend className="setting-row__label">Who can discover you</legend>
        {DISCOVERY_VISIBILITIES.map((value) => (
          <label key={value} className="settings__choice">
            <input
              type="radio"
              name="profile-visibility"
              value={value}
              checked={privacy.profileVisibility === value}
              onChange={() => save({ privacy: { profileVisibility: value } })}
            />
            <span>{profileVisibilityLabels[value]}</span>
          </label>
        ))}
      </fieldset>
      <SettingSwitch
        label="Share my location"
        description="Your city or region on your card. Off: nobody sees it."
        checked={privacy.locationSharing}
        onChange={(on) => save({ privacy: { locationSharing: on } })}
      />
      <SettingSwitch
        label="Show when I'm online"
        description="Off: nobody sees when you are online, and you see nobody's status."
        checked={privacy.onlineStatus}
        onChange={(on) => save({ privacy: { onlineStatus: on } })}
      />
      <SettingSwitch
        label="Show my age"
        description="Off: your age is hidden on your card."
        checked={privacy.showAge}
        onChange={(on) => save({ privacy: { showAge: on } })}
      />
      <PathPrivacySwitch />
      <SettingSwitch
        label="Read receipts"
        description="Off: you neither send nor see read receipts."
        checked={chat.readReceipts}
        onChange={(on) => save({ chat: { readReceipts: on } })}
      />
      <SettingSwitch
        label="Typing indicators"
        description="Off: you neither send nor see typing indicators."
        checked={chat.typingIndicators}
        onChange={(on) => save({ chat: { typingIndicators: on } })}
      />
    </section>
  );
}

/** The path privacy switch keeps its own endpoint (the graph index reads it from the user). */
function PathPrivacySwitch() {
  const privacy = usePrivacyQuery();
  const update = useUpdatePrivacyMutation();
  const toast = useToast();
  const checked = privacy.data?.showInPaths ?? true;
  return (
    <SettingSwitch
      label={SHOW_IN_PATHS_LABEL}
      description="Off: you appear as 'Mutual Friend' in connection paths."
      checked={checked}
      disabled={!privacy.data}
      onChange={(on) =>
        update.mutate(
          { showInPaths: on },
          {
            onSuccess: () => toast.success(relationMessages.privacyUpdated),
            onError: () => toast.error(relationMessages.privacySaveFailed),
          },
        )
      }
    />
  );
}

function NotificationsCard({ settings, save }: CardProps) {
  const { notifications } = settings;
  const rows = [
    ['newMatches', 'New matches'],
    ['messages', 'Messages'],
    ['connectionRequests', 'Connection requests'],
    ['promotions', 'Promotions and news'],
    ['reportUpdates', 'Updates on your reports'],
    ['sound', 'Play a sound'],
  ] as const;
  return (
    <section className="card settings__card" aria-labelledby="settings-notifications">
      <h2 id="settings-notifications" className="card__title">
        {settingsMessages.notificationsCard}
      </h2>
      <BrowserNotifications />
      <p className="muted settings__note">
        Saved with your account, so they apply on every device.
      </p>
      {rows.map(([key, label]) => (
        <SettingSwitch
          key={key}
          label={label}
          checked={notifications[key]}
          onChange={(on) => save({ notifications: { [key]: on } })}
        />
      ))}
      <fieldset className="settings__choices settings__choices--after">
        <legend className="setting-row__label">On the lock screen, messages show</legend>
        {NOTIFICATION_PREVIEWS.map((value) => (
          <label key={value} className="settings__choice">
            <input
              type="radio"
              name="notification-preview"
              value={value}
              checked={notifications.preview === value}
              onChange={() => save({ notifications: { preview: value } })}
            />
            <span>{notificationPreviewLabels[value]}</span>
          </label>
        ))}
      </fieldset>
    </section>
  );
}

/** This browser's permission, and the way to give it (again) after "Not now" (issue 16). */
function BrowserNotifications() {
  const [permission, setPermission] = useState(notificationPermission);
  const state = {
    granted: notificationMessages.stateOn,
    default: notificationMessages.stateOff,
    denied: notificationMessages.stateBlocked,
    unsupported: notificationMessages.stateUnsupported,
  }[permission];
  return (
    <div className="setting-row setting-row--static">
      <span className="setting-row__text">
        <span className="setting-row__label">{notificationMessages.settingsLabel}</span>
        <span className="setting-row__description" role="status">
          {state}
        </span>
      </span>
      {permission === 'default' && (
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() =>
            void requestNotificationPermission().then((answer) => {
              setPermission(answer);
              if (answer === 'granted') void ensurePushSubscription().catch(() => undefined);
            })
          }
        >
          {notificationMessages.promptAllow}
        </button>
      )}
    </div>
  );
}

function SafetyCard({
  settings,
  save,
  onBlockedPeople,
  onMyReports,
}: CardProps & { onBlockedPeople: () => void; onMyReports: () => void }) {
  const { safety } = settings;
  return (
    <section className="card settings__card" aria-labelledby="settings-safety">
      <h2 id="settings-safety" className="card__title">
        {settingsMessages.safetyCard}
      </h2>
      <SettingSwitch
        label="Block unverified accounts"
        description="Only people who signed in with Google can message you or send you requests."
        checked={safety.blockUnverified}
        onChange={(on) => save({ safety: { blockUnverified: on } })}
      />
      <SettingSwitch
        label="Require mutual connections"
        description="Only people with a friend in common can send you requests."
        checked={safety.requireMutualConnections}
        onChange={(on) => save({ safety: { requireMutualConnections: on } })}
      />
      <SettingSwitch
        label="Hide from search"
        description="You won't appear in Discover or in anyone's network search. Your friends still see you in their list."
        checked={safety.hideFromSearch}
        onChange={(on) => save({ safety: { hideFromSearch: on } })}
      />
      <button type="button" className="btn btn--ghost settings__link" onClick={onBlockedPeople}>
        Blocked people
      </button>
      <button type="button" className="btn btn--ghost settings__link" onClick={onMyReports}>
        Your reports
      </button>
    </section>
  );
}
