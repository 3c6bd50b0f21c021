import { useFirstScreenIn } from '../lib/first-screen.ts';
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
        <UpdatePromptAfterFirstScreen />
      </RealtimeProvider>
    </TaskProvider>
  );
}

/**
 * The update prompt, which registers the service worker, once the first screen is in: the
 * worker's install fetches the whole app again (~160 KB), not while the first screen's own
 * answers and photos are coming (issue 17). A component of its own, so only it renders again
 * then.
 */
function UpdatePromptAfterFirstScreen() {
  return useFirstScreenIn() ? <UpdatePrompt /> : null;
}
