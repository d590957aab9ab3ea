import { vi } from 'vitest';

/** A browser able to push: a service worker registration with a push manager, and notifications. */
export function installBrowserPush({ installed = true }: { installed?: boolean } = {}) {
  let current: PushSubscription | null = null;
  const subscription = {
    endpoint: 'https://push.example.com/device-1',
    toJSON: () => ({ keys: { p256dh: 'BPdevicekey', auth: 'authsecret' } }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  } as unknown as PushSubscription;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  const listeners = new Set<(event: MessageEvent) => void>();
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => registration,
      ready: Promise.resolve(registration),
      addEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: MessageEvent) => void) =>
        listeners.delete(listener),
    },
  });
  const notification = {
    permission: 'default' as NotificationPermission,
    requestPermission: vi.fn(async () => {
      notification.permission = 'granted';
      return 'granted' as const;
    }),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  const matchMedia = window.matchMedia;
  vi.stubGlobal('matchMedia', (query: string) => ({
    ...(matchMedia?.(query) ?? {}),
    matches: installed && query === '(display-mode: standalone)',
    addEventListener() {},
    removeEventListener() {},
  }));
  const post = (data: unknown) => {
    for (const listener of listeners) listener({ data } as MessageEvent);
  };
  return { pushManager, notification, post };
}

/** Puts the browser back as jsdom has it (no service worker, no notifications). */
export function uninstallBrowserPush() {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
}
