import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEANINGFUL_ACTION_META } from '@/shared/api/meaningful-action';
import { pushAskedFlag } from '@/shared/lib/local-storage';
import { installBrowserPush, uninstallBrowserPush } from '@/test/browser-push';
import { fakeApi } from '@/test/fake-api';
import { createTestRouter } from '@/test/memory-router';
import { PUSH_ITEM_PARAM, usePushOpened } from './model/use-push-opened';
import PushPrompt from './ui/push-prompt';

afterEach(() => {
  uninstallBrowserPush();
  vi.restoreAllMocks();
});

/** A like button (a mutation marked as a meaningful action) beside the prompt. */
function LikeButton() {
  const like = useMutation({
    meta: MEANINGFUL_ACTION_META,
    mutationFn: async (liked: boolean) => liked,
  });
  return (
    <>
      <button type="button" onClick={() => like.mutate(true)}>
        Like
      </button>
      <button type="button" onClick={() => like.mutate(false)}>
        Unlike
      </button>
    </>
  );
}

function renderPrompt(signedIn = true) {
  const queryClient = new QueryClient();
  const router = createTestRouter();
  render(
    <QueryClientProvider client={queryClient}>
      {router.wrap(
        <>
          <LikeButton />
          <PushPrompt signedIn={signedIn} />
        </>,
      )}
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const saved = (api: ReturnType<typeof fakeApi>) =>
  api.mock.calls.filter(
    ([url, init]) => String(url).endsWith('/push/subscriptions') && init?.method === 'POST',
  );

describe('the question about notifications', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(() => {
    api = fakeApi({
      'GET /api/v1/push/public-key': () => ({
        public_key: 'BAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      }),
      'POST /api/v1/push/subscriptions': () => ({ subscribed: true }),
    });
  });

  it('is never asked on load, only after the first like; once; and subscribes on "Turn on"', async () => {
    const browser = installBrowserPush();
    const user = renderPrompt();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Undoing is not an action worth asking after.
    await user.click(screen.getByRole('button', { name: 'Unlike' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Like' }));
    const dialog = await screen.findByRole('dialog', { name: 'Get notified?' });
    expect(dialog).toBeInTheDocument();
    expect(pushAskedFlag.get()).toBe(true);
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    await waitFor(() => expect(saved(api)).toHaveLength(1));
    expect(browser.notification.requestPermission).toHaveBeenCalledOnce();
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith(
      expect.objectContaining({ userVisibleOnly: true }),
    );
    expect(JSON.parse(String(saved(api)[0]![1]!.body))).toEqual({
      endpoint: 'https://push.example.com/device-1',
      keys: { p256dh: 'BPdevicekey', auth: 'authsecret' },
      language: 'en',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('"Not now" is remembered: the next action asks nothing', async () => {
    installBrowserPush();
    const user = renderPrompt();
    await user.click(screen.getByRole('button', { name: 'Like' }));
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Like' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(saved(api)).toHaveLength(0);
  });

  it('is asked only by the installed app, of a signed-in person', async () => {
    installBrowserPush({ installed: false });
    const user = renderPrompt();
    await user.click(screen.getByRole('button', { name: 'Like' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(pushAskedFlag.get()).toBe(false);
  });

  it('is not asked of a visitor', async () => {
    installBrowserPush();
    const user = renderPrompt(false);
    await user.click(screen.getByRole('button', { name: 'Like' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

function Opened({ signedIn }: { signedIn: boolean }) {
  usePushOpened(signedIn);
  return null;
}

describe('a tapped notification', () => {
  it('a new window: marks the item read and drops the parameter', async () => {
    const api = fakeApi({ 'POST /api/v1/activity/items/item-1/read': () => ({ unread_count: 0 }) });
    const router = createTestRouter([`/post/p1?${PUSH_ITEM_PARAM}=item-1&x=1`]);
    render(
      <QueryClientProvider client={new QueryClient()}>
        {router.wrap(<Opened signedIn />)}
      </QueryClientProvider>,
    );
    await waitFor(() => expect(router.location.search).toBe('?x=1'));
    expect(router.location.pathname).toBe('/post/p1');
    expect(api.mock.calls.map(([url]) => String(url))).toContain('/api/v1/activity/items/item-1/read');
  });

  it('an open window: goes to the screen the worker names (a path of this app only)', async () => {
    const browser = installBrowserPush();
    const api = fakeApi({ 'POST /api/v1/activity/items/item-2/read': () => ({ unread_count: 0 }) });
    const router = createTestRouter(['/']);
    render(
      <QueryClientProvider client={new QueryClient()}>
        {router.wrap(<Opened signedIn />)}
      </QueryClientProvider>,
    );
    browser.post({ type: 'push-opened', path: '//evil.example/x', item_id: 'item-2' });
    expect(router.location.pathname).toBe('/');
    browser.post({ type: 'push-opened', path: '/profile/maya', item_id: 'item-2' });
    await waitFor(() => expect(router.location.pathname).toBe('/profile/maya'));
    await waitFor(() =>
      expect(api.mock.calls.map(([url]) => String(url))).toContain('/api/v1/activity/items/item-2/read'),
    );
  });
});
