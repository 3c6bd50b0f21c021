import { shellMessages, timing } from '@heartline/domain';
import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import {
  isChunkLoadError,
  mayAutoRestart,
  parseRestarts,
  withRestart,
} from '../lib/restart-guard.ts';
import { LaunchScreenGone } from '../lib/launch-screen.ts';
import { safeStorage, storageKeys } from '../lib/storage-keys.ts';
import { useLocation } from '../app/navigation.tsx';
import { WarningIcon } from './Icons.tsx';
import { RetryButton } from './RetryButton.tsx';

function storedRestarts(): number[] {
  return parseRestarts(safeStorage('session')?.getItem(storageKeys.restarts) ?? null);
}

function reloadFresh() {
  safeStorage('session')?.removeItem(storageKeys.restarts);
  window.location.reload();
}

/**
 * Around the whole app, below the router: an error outside any screen (the gate, the providers)
 * restarts the app after 2 s, unless that already happened twice just now. Moving elsewhere (Back)
 * tries again, as React Router's error element did.
 */
export function RootErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return (
    <ErrorBoundary
      resetKey={key}
      label="App error"
      fallback={() => (
        <>
          <LaunchScreenGone />
          <RestartScreen />
        </>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

function RestartScreen() {
  const [autoRestart] = useState(() => mayAutoRestart(storedRestarts(), Date.now()));

  useEffect(() => {
    if (!autoRestart) return;
    const timer = setTimeout(() => {
      safeStorage('session')?.setItem(
        storageKeys.restarts,
        JSON.stringify(withRestart(storedRestarts(), Date.now())),
      );
      window.location.reload();
    }, timing.restartReloadMs);
    return () => clearTimeout(timer);
  }, [autoRestart]);

  if (!autoRestart) return <UnexpectedErrorScreen />;
  return (
    <div className="error-screen" role="status">
      <span className="spinner" aria-hidden="true" />
      <h1 className="error-screen__title">{shellMessages.restarting}</h1>
    </div>
  );
}

export function UnexpectedErrorScreen() {
  return (
    <div className="error-screen" role="alert">
      <span className="error-screen__icon" aria-hidden="true">
        <WarningIcon size={32} />
      </span>
      <h1 className="error-screen__title">{shellMessages.unexpectedError}</h1>
      <p className="muted">Something went wrong on this screen. Reloading usually fixes it.</p>
      <button type="button" className="btn btn--primary" onClick={reloadFresh}>
        Reload
      </button>
    </div>
  );
}

type BoundaryProps = {
  /** A change of it clears a caught error, so the children get another try. */
  resetKey: string;
  label: string;
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
};
type BoundaryState = { error: unknown; key: string };

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(this.props.label, error, info.componentStack);
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/**
 * Catches render errors in a screen so the tab bar and the rest of the app stay usable. A
 * missing code chunk (a new deployment) goes through the guarded restart instead.
 */
export function ScreenErrorBoundary({
  resetKey,
  children,
}: {
  resetKey: string;
  children: ReactNode;
}) {
  return (
    <ErrorBoundary
      resetKey={resetKey}
      label="Screen error"
      fallback={(error) => (
        <>
          <LaunchScreenGone />
          {isChunkLoadError(error) ? <RestartScreen /> : <UnexpectedErrorScreen />}
        </>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

/** The session could not be looked up (spec/3 §8): nothing to show but the error and a retry. */
export function SessionErrorScreen({ onRetry, busy }: { onRetry: () => void; busy: boolean }) {
  return (
    <main id="main" className="app-main">
      <LaunchScreenGone />
      <div className="error-screen" role="alert">
        <span className="error-screen__icon" aria-hidden="true">
          <WarningIcon size={32} />
        </span>
        <h1 className="error-screen__title">{shellMessages.userDataError}</h1>
        <p className="muted">{shellMessages.userDataErrorText}</p>
        <RetryButton onRetry={onRetry} busy={busy} primary />
      </div>
    </main>
  );
}
