import { createBrowserRouter } from 'react-router';
import { isScreenHandle } from '../lib/lazy-screen.ts';
import { routes } from '../routes.tsx';

export const router = createBrowserRouter(routes);

// The current screen's code starts loading now, before the first render: on a slow phone the
// render itself takes long enough to delay the request by a round trip (issue 17). A failed
// load is retried by the screen itself when it renders.
for (const match of router.state.matches) {
  if (isScreenHandle(match.route.handle)) match.route.handle.preload().catch(() => undefined);
}
