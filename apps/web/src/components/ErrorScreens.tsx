import { shellMessages, timing } from '@heartline/domain';
import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import {
  isChunkLoadError,
  mayAutoRestart,
  parseRestarts,
  withRestart,
} from '../lib/restart-guard.ts';
import { safeStorage, storageKeys } from '../lib/storage-keys.ts';
import { WarningIcon } from './Icons.tsx';

function storedRestarts(): number[] {
  return parseRestarts(safeStorage('session')?.getItem(storageKeys.restarts) ?? null);
}

function reloadFresh() {
  safeStorage('session')?.removeItem(storageKeys.restarts);
  window.location.reload();
}

type RootBoundaryState = { error: unknown };

/**
 * Around the whole app, below the router: an error outside any screen (the gate, the providers)
 * restarts the app after 2 s, unless that already happened twice just now.
 */
export class RootErrorBoundary extends Component<{ children: ReactNode }, RootBoundaryState> {
  override state: RootBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): RootBoundaryState {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('App error', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RestartScreen /> : this.props.children;
  }
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

type BoundaryProps = { resetKey: string; children: ReactNode };
type BoundaryState = { error: unknown; key: string };

/**
 * Catches render errors in a screen so the tab bar and the rest of the app stay usable. A
 * missing code chunk (a new deployment) goes through the guarded restart instead.
 */
export class ScreenErrorBoundary extends Component<BoundaryProps, BoundaryState> {
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
    console.error('Screen error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return isChunkLoadError(this.state.error) ? <RestartScreen /> : <UnexpectedErrorScreen />;
  }
}
