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
import { i18nReady } from './i18n';
import { registerServiceWorker } from './register-service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// Start-up in steps, each its own task, so that none keeps the page from responding for long: this
// module's evaluation (React, the router, i18next), then the history, which starts loading the screen's
// code for the address, then React's first render, a transition that React renders in slices (the app
// shell in index.html is on screen meanwhile). Resources are bundled, so i18next is ready within a
// tick; waiting for it avoids a flash of keys.
setTimeout(() => {
  const history = createHistoryAtAllowedPath();
  void i18nReady.then(() => {
    const root = createRoot(container);
    startTransition(() => {
      root.render(
        <StrictMode>
          <App history={history} />
        </StrictMode>,
      );
    });
  });
}, 0);

registerServiceWorker();
