import { ScrollRestoration } from 'react-router';
import { storageKeys } from '../lib/storage-keys.ts';
import { AppGate } from './AppGate.tsx';
import { RealtimeProvider } from './RealtimeProvider.tsx';
import { TaskProvider } from './TaskProvider.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';

/** The root route's element: providers that need the router, the gate, and the page chrome. */
export function RootLayout() {
  return (
    <TaskProvider>
      <RealtimeProvider>
        <ScrollRestoration
          getKey={(location) => location.pathname}
          storageKey={storageKeys.scroll}
        />
        <AppGate />
        <UpdatePrompt />
      </RealtimeProvider>
    </TaskProvider>
  );
}
