import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { LoadingOverlay } from '../components/LoadingOverlay.tsx';
import { HIGH_PRIORITY_TIMEOUT_MS, withTimeout } from '../lib/tasks.ts';
import { useNavigationBlocker } from './navigation.tsx';

type TaskApi = {
  /**
   * Runs work that must not be interrupted: the 'Please Wait' overlay shows, in-app navigation
   * is blocked and leaving the page asks for confirmation until it settles (or times out).
   */
  runHighPriority: <T>(task: () => Promise<T>, timeoutMs?: number) => Promise<T>;
  busy: boolean;
};

const TaskContext = createContext<TaskApi | null>(null);

export function TaskProvider({ children }: { children: ReactNode }) {
  // The ref is read at navigation time, so a navigation issued right after a task ends is not
  // blocked by a render that has not happened yet.
  const running = useRef(0);
  const [busy, setBusy] = useState(false);
  useNavigationBlocker(useCallback(() => running.current > 0, []));

  useEffect(() => {
    if (!busy) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [busy]);

  const runHighPriority = useCallback(
    async <T,>(task: () => Promise<T>, timeoutMs = HIGH_PRIORITY_TIMEOUT_MS): Promise<T> => {
      running.current += 1;
      setBusy(true);
      try {
        return await withTimeout(task(), timeoutMs);
      } finally {
        running.current -= 1;
        setBusy(running.current > 0);
      }
    },
    [],
  );

  const value = useMemo(() => ({ runHighPriority, busy }), [runHighPriority, busy]);
  return (
    <TaskContext value={value}>
      {children}
      {busy && <LoadingOverlay />}
    </TaskContext>
  );
}

export function useTasks(): TaskApi {
  const value = use(TaskContext);
  if (!value) throw new Error('useTasks must be used within a TaskProvider');
  return value;
}
