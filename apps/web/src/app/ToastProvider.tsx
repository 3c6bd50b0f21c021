import { timing } from '@heartline/domain';
import { createContext, use, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Toasts } from '../components/Toasts.tsx';

export type ToastType = 'success' | 'error' | 'info' | 'warning' | 'loading';

export type Toast = {
  id: number;
  type: ToastType;
  message: string;
  /** Milliseconds until auto-dismiss; null stays until dismissed (loading toasts). */
  duration: number | null;
};

type ShowOptions = { duration?: number | null };

export type ToastApi = {
  show: (type: ToastType, message: string, options?: ShowOptions) => number;
  success: (message: string, options?: ShowOptions) => number;
  error: (message: string, options?: ShowOptions) => number;
  info: (message: string, options?: ShowOptions) => number;
  warning: (message: string, options?: ShowOptions) => number;
  loading: (message: string, options?: ShowOptions) => number;
  dismiss: (id: number) => void;
};

const ToastContext = createContext<ToastApi | null>(null);

/** At most this many are kept; the oldest give way (spec/1 §9: three visible). */
const MAX_TOASTS = timing.toastsVisible;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((t) => t.id !== id));
  }, []);

  const show = useCallback((type: ToastType, message: string, options: ShowOptions = {}) => {
    const id = nextId.current++;
    const duration =
      options.duration !== undefined
        ? options.duration
        : type === 'loading'
          ? null
          : timing.toastDurationMs;
    setToasts((current) => [...current, { id, type, message, duration }].slice(-MAX_TOASTS));
    return id;
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (m, o) => show('success', m, o),
      error: (m, o) => show('error', m, o),
      info: (m, o) => show('info', m, o),
      warning: (m, o) => show('warning', m, o),
      loading: (m, o) => show('loading', m, o),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext value={api}>
      {children}
      <Toasts toasts={toasts} onDismiss={dismiss} />
    </ToastContext>
  );
}

export function useToast(): ToastApi {
  const api = use(ToastContext);
  if (!api) throw new Error('useToast must be used within a ToastProvider');
  return api;
}
