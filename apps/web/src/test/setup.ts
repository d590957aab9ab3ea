import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { i18n, startI18n } from '@/app/i18n';

// The app signs in and out through a fake auth client, never the network: signed out unless a test file
// installs a session (installFakeAuthClient in test/fake-auth-client.ts).
vi.mock('@/shared/api/load-auth-client', async () => {
  const { installedFakeAuthClient } = await import('@/test/fake-auth-client');
  return { loadAuthClient: async () => installedFakeAuthClient() };
});

// jsdom lacks a few browser APIs that Radix primitives use.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;
window.scrollTo = () => undefined;

// Lazily loaded routes and i18n resources can take more than the default 1 s to appear on a busy
// machine (CI shares two cores with PGlite workers; the first import of a screen's module tree took over
// 5 s once at load average 16); a missing element still fails, 10 s later.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(async () => {
  await startI18n();
});

afterEach(async () => {
  cleanup();
  // Sonner keeps its toasts in a module-level store and shows them again to the next test's Toaster.
  toast.dismiss();
  window.localStorage.clear();
  await i18n.changeLanguage('en');
});

// A dismissed toast is removed 200 ms later by a timer that sets the Toaster's state (sonner's
// TIME_BEFORE_UNMOUNT). Fired after the file's jsdom is gone, it threw 'window is not defined' as an
// unhandled error and failed a CI run (create-post.publish.test.tsx): let it run before the file ends.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 250)));
