import '@/shared/lib/zod-config';
import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import '@fontsource/heebo/hebrew-400.css';
import '@fontsource/heebo/hebrew-500.css';
import '@fontsource/heebo/hebrew-600.css';
import '@fontsource/heebo/hebrew-700.css';
import '../styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createHistoryAtAllowedPath } from './app';
import { startI18n } from './i18n';
import { registerServiceWorker } from './register-service-worker';
import { matchScreens, preloadScreens } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

/** Resolves in a later task: what runs after it is a task of its own (the browser may paint between). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Start-up in steps, each its own task, so that none keeps the page from responding for long (issue 20:
 * total blocking time counts every task over 50 ms of a phone's CPU): this module's evaluation (React, the
 * router, i18next), then the history at the allowed address (the browser's first replaceState alone took
 * ~40 ms of a phone's CPU), then its route match, then the request for the screen's code (first, so the
 * download runs beside everything after it), then i18next's start, then React's root and its first
 * render, a transition that React renders in slices (the app shell in index.html is on screen meanwhile).
 * Resources are bundled, so English is ready at once; Hebrew waits for its strings, which avoids a flash
 * of keys.
 */
async function start(root: HTMLElement) {
  await nextTask();
  const history = createHistoryAtAllowedPath();
  await nextTask();
  const { pathname } = window.location;
  matchScreens(pathname);
  await nextTask();
  preloadScreens(pathname);
  await nextTask();
  await startI18n();
  await nextTask();
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App history={history} />
      </StrictMode>,
    );
  });
}

void start(container);
registerServiceWorker();
