import { storageKeys } from '../lib/storage-keys.ts';
import { AppGate } from './AppGate.tsx';
import { ScrollRestoration } from './navigation.tsx';
import { RealtimeProvider } from './RealtimeProvider.tsx';
import { TaskProvider } from './TaskProvider.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';

/** Inside the router: providers that need it, the gate, and the page chrome. */
export function RootLayout() {
  return (
    <TaskProvider>
      <RealtimeProvider>
        <ScrollRestoration storageKey={storageKeys.scroll} />
        <AppGate />
        <UpdatePrompt />
      </RealtimeProvider>
    </TaskProvider>
  );
}
