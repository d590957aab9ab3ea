/**
 * The service worker: keeps the app shell available offline and never stores server data.
 *
 * - Navigations: network first (so a new deploy is picked up at once), falling back to the cached shell.
 * - /assets/*: hashed, immutable files: cache first.
 * - /api, /auth, /functions, /storage, /media: never stored by the worker; the browser goes to the
 *   network as if there were no service worker, so no stale API data and no cached credentials.
 * - Photos under /media/ only when the network fails: the copy the page kept for a signed-in person's
 *   offline reading (MEDIA_CACHE, filled by the page, emptied at sign-out), if there is one.
 *
 * Compiled by vite-plugins/pwa-assets.ts, which replaces the build id and the precache list.
 */

// A module for the type checker (so `self` can be typed); the plugin strips the export again, since a
// classic service worker script cannot contain one.
export {};

declare const self: ServiceWorkerGlobalScope;

const BUILD_ID = '__SYS_BUILD_ID__';
const PRECACHE: string[] = ['__SYS_PRECACHE__'];
const CACHE = `sys-shell-${BUILD_ID}`;
const SHELL_URL = '/';
// The trailing slash matters: /auth is the app's sign-in screen, /auth/v1/... the auth service.
// The page's copies of photos seen (shared/lib/offline-queries.ts, OFFLINE_MEDIA_CACHE).
const MEDIA_CACHE = 'sys-media';
const SERVER_PREFIXES = ['/api/', '/auth/', '/functions/', '/storage/', '/media/'];

function isServerPath(pathname: string): boolean {
  return SERVER_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('sys-shell-') && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function networkFirstNavigation(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    const isHtml = response.headers.get('content-type')?.includes('text/html') ?? false;
    if (response.ok && isHtml) {
      const cache = await caches.open(CACHE);
      // Every app path answers with the same shell, so one entry covers all of them.
      await cache.put(SHELL_URL, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match(SHELL_URL, { ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  // Hashed files never vary; a `Vary: Origin` (CORS) header must not make module requests miss.
  const cached = await caches.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

/** A photo from the network; offline, the page's kept copy (never stored here). */
async function photoOrKeptCopy(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await (await caches.open(MEDIA_CACHE)).match(request, {
      ignoreVary: true,
      ignoreSearch: true,
    });
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/media/') && request.destination === 'image') {
    event.respondWith(photoOrKeptCopy(request));
    return;
  }
  if (isServerPath(url.pathname)) return;

  if (request.mode === 'navigate') {
    event.respondWith(networkFirstNavigation(request));
    return;
  }
  if (url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});

// --- Web Push (features/push, the server's modules/push) ----------------------------------------------

/** What the server pushes: a notification ready to show, in the person's language (PushMessageSchema). */
interface PushMessage {
  item_id: string;
  kind: string;
  title: string;
  body: string;
  path: string;
  language: 'en' | 'he';
  /** The Activity group: one notification per tag (absent from pushes of older servers). */
  tag?: string;
}

/** The address parameter a new window reads to mark the item read (features/push, PUSH_ITEM_PARAM). */
const PUSH_ITEM_PARAM = 'push_item';

function isPushMessage(value: unknown): value is PushMessage {
  const message = value as Partial<PushMessage> | null;
  return (
    typeof message?.item_id === 'string' &&
    typeof message.title === 'string' &&
    typeof message.body === 'string' &&
    typeof message.path === 'string' &&
    message.path.startsWith('/') &&
    !message.path.startsWith('//')
  );
}

function readPush(event: PushEvent): PushMessage | null {
  try {
    const value: unknown = event.data?.json();
    return isPushMessage(value) ? value : null;
  } catch {
    return null;
  }
}

/** `renotify` is in the Notifications standard and Chromium, not yet in TypeScript's DOM types. */
type ShowOptions = NotificationOptions & { renotify?: boolean };

self.addEventListener('push', (event) => {
  const message = readPush(event);
  if (!message) return;
  const options: ShowOptions = {
    body: message.body,
    lang: message.language,
    dir: message.language === 'he' ? 'rtl' : 'ltr',
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    // One notification per Activity group: a new like of the same post replaces the earlier notification
    // (its text now "… and 3 others") instead of stacking, and alerts again (renotify). Pushes without a
    // tag (older servers) keep one per item.
    tag: typeof message.tag === 'string' && message.tag ? message.tag : message.item_id,
    renotify: true,
    data: { item_id: message.item_id, path: message.path },
  };
  event.waitUntil(self.registration.showNotification(message.title, options));
});

/**
 * A tapped notification opens its screen (the post, the profile, /activity) and marks its item read: an
 * open window of the app is focused and told (it navigates and marks the item read with its session),
 * otherwise a new window opens with `?push_item=` for the app to do the same once it starts.
 */
async function openFromNotification(data: { item_id: string; path: string }): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    open.postMessage({ type: 'push-opened', path: data.path, item_id: data.item_id });
    try {
      await open.focus();
    } catch {
      // Focusing needs the tap's user activation; the window has its message either way.
    }
    return;
  }
  const url = new URL(data.path, self.location.origin);
  url.searchParams.set(PUSH_ITEM_PARAM, data.item_id);
  await self.clients.openWindow(`${url.pathname}${url.search}`);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { item_id?: unknown; path?: unknown } | null;
  if (typeof data?.item_id !== 'string' || typeof data.path !== 'string' || !data.path.startsWith('/')) {
    return;
  }
  event.waitUntil(openFromNotification({ item_id: data.item_id, path: data.path }));
});
