import type { ActivityItem, ActivityPage } from '@sys/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { apiErrorBody, fakeApi, withStatus } from '@/test/fake-api';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { FakeEventSource } from '@/test/fake-event-source';
import { renderApp } from '@/test/render-app';

installFakeAuthClient(fakeSession());

const person = (n: number, username: string) => ({
  id: `00000000-0000-4000-8000-0000000000a${n}`,
  username,
  display_name: null,
  avatar_url: null,
});
const postId = '00000000-0000-4000-8000-0000000000f1';

const like: ActivityItem = {
  id: '00000000-0000-4000-8000-0000000000e1',
  kind: 'like',
  actors: [person(1, 'maya.curves'), person(2, 'noa'), person(3, 'dana')],
  actor_count: 4,
  post_id: postId,
  post_thumbnail_url: '/media/post-media/u/1.webp',
  post_media_type: 'image',
  comment_id: null,
  conversation_id: null,
  comment_body: null,
  created_at: new Date(Date.now() - 60_000).toISOString(),
  read: false,
};
const follow: ActivityItem = {
  ...like,
  id: '00000000-0000-4000-8000-0000000000e2',
  kind: 'follow',
  actors: [person(2, 'noa')],
  actor_count: 1,
  post_id: null,
  post_thumbnail_url: null,
  post_media_type: null,
  created_at: new Date(Date.now() - 3_600_000).toISOString(),
  read: true,
};
const comment: ActivityItem = {
  ...like,
  id: '00000000-0000-4000-8000-0000000000e3',
  kind: 'comment',
  actors: [person(3, 'dana')],
  actor_count: 1,
  comment_id: '00000000-0000-4000-8000-0000000000c1',
  comment_body: 'Where is the coat from?',
  created_at: new Date(Date.now() - 7_200_000).toISOString(),
  read: true,
};

beforeEach(async () => {
  window.localStorage.setItem('onboarded', 'true');
  FakeEventSource.install();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Activity page', () => {
  it('lists the groups with their people, post and link, pages on, and marks what it showed read', async () => {
    const reads: unknown[] = [];
    const pages: Record<string, ActivityPage> = {
      '': { items: [like, follow], next_cursor: 'page-2' },
      'page-2': { items: [comment], next_cursor: null },
    };
    fakeApi({
      'GET /api/v1/activity': (url) => pages[url.searchParams.get('cursor') ?? '']!,
      'GET /api/v1/activity/unread-count': () => ({ unread_count: 1 }),
      'POST /api/v1/activity/read': (_url, init) => {
        reads.push(JSON.parse(String(init?.body)));
        return { unread_count: 0 };
      },
    });
    const { user } = renderApp('/activity');
    const list = await screen.findByRole('list', { name: 'Activity' }, { timeout: 8000 });
    const liked = within(list).getByRole('link', { name: /maya\.curves.* and 3 others liked your post/ });
    expect(liked).toHaveAttribute('href', `/post/${postId}`);
    expect(liked).toHaveAccessibleName(/new$/);
    expect(liked.querySelector('img')).toHaveAttribute('src', like.post_thumbnail_url);
    const followed = within(list).getByRole('link', { name: /noa.* started following you/ });
    expect(followed).toHaveAttribute('href', '/profile/noa');
    expect(followed).not.toHaveAccessibleName(/new$/);
    // Seen: read up to the newest item shown; the bell drops to 0.
    await waitFor(() => expect(reads).toEqual([{ before: like.created_at }]));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Activity' })).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(list).findByText('Where is the coat from?')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: /dana.* commented on your post/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('links a message to its conversation and names who liked a comment', async () => {
    const conversationId = '00000000-0000-4000-8000-0000000000d1';
    const message: ActivityItem = {
      ...follow,
      id: '00000000-0000-4000-8000-0000000000e4',
      kind: 'message',
      conversation_id: conversationId,
      read: false,
    };
    const commentLike: ActivityItem = {
      ...comment,
      id: '00000000-0000-4000-8000-0000000000e5',
      kind: 'comment_like',
      actors: [person(3, 'dana'), person(2, 'noa')],
      actor_count: 2,
    };
    fakeApi({
      'GET /api/v1/activity': () => ({ items: [message, commentLike], next_cursor: null }),
      'GET /api/v1/activity/unread-count': () => ({ unread_count: 1 }),
      'POST /api/v1/activity/read': () => ({ unread_count: 0 }),
    });
    renderApp('/activity');
    const list = await screen.findByRole('list', { name: 'Activity' }, { timeout: 8000 });
    expect(within(list).getByRole('link', { name: /noa.* sent you a message/ })).toHaveAttribute(
      'href',
      `/messages?c=${conversationId}`,
    );
    const liked = within(list).getByRole('link', { name: /dana.* and 1 other liked your comment/ });
    expect(liked).toHaveAttribute('href', `/post/${postId}`);
    expect(within(liked).getByText('Where is the coat from?')).toBeInTheDocument();
  });

  it('says the new kinds in Hebrew', async () => {
    const message: ActivityItem = { ...follow, kind: 'message', conversation_id: postId };
    const commentLike: ActivityItem = {
      ...comment,
      id: '00000000-0000-4000-8000-0000000000e6',
      kind: 'comment_like',
    };
    fakeApi({
      'GET /api/v1/activity': () => ({ items: [message, commentLike], next_cursor: null }),
      'GET /api/v1/activity/unread-count': () => ({ unread_count: 0 }),
    });
    await i18n.changeLanguage('he');
    renderApp('/activity');
    const list = await screen.findByRole('list', { name: 'פעילות' }, { timeout: 8000 });
    expect(within(list).getByRole('link', { name: /noa.* שלח\/ה לך הודעה/ })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: /dana.* אהב\/ה את התגובה שלך/ })).toBeInTheDocument();
  });

  it('shows an empty state, and marks nothing read', async () => {
    const api = fakeApi({
      'GET /api/v1/activity': () => ({ items: [], next_cursor: null }),
      'GET /api/v1/activity/unread-count': () => ({ unread_count: 0 }),
    });
    renderApp('/activity');
    expect(await screen.findByText('No activity yet', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows the loading state, then an error with a retry that loads the list', async () => {
    let fail = true;
    let answer: (value: unknown) => void = () => {};
    let calls = 0;
    const failure = withStatus(500, apiErrorBody('internal', 'Something went wrong'));
    fakeApi({
      'GET /api/v1/activity': () => {
        calls += 1;
        if (!fail) return { items: [follow], next_cursor: null };
        // The first answer waits, so the loading state shows; the retry fails at once.
        if (calls > 1) return failure;
        return new Promise((resolve) => {
          answer = resolve;
        });
      },
      'GET /api/v1/activity/unread-count': () => ({ unread_count: 0 }),
    });
    const { user } = renderApp('/activity');
    expect(
      await screen.findByRole('status', { name: 'Loading your activity' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    // The spinner can show before the request leaves (the session loads first): answer only a request
    // that was made, or the answer goes nowhere and the page waits for ever.
    await waitFor(() => expect(calls).toBe(1), { timeout: 8000 });
    answer(failure);
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 8000 });
    expect(screen.getByText('Your activity could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('link', { name: /noa.* started following you/ })).toBeInTheDocument();
  });

  it('speaks Hebrew', async () => {
    await i18n.changeLanguage('he');
    fakeApi({
      'GET /api/v1/activity': () => ({ items: [{ ...like, read: true }], next_cursor: null }),
      'GET /api/v1/activity/unread-count': () => ({ unread_count: 0 }),
    });
    renderApp('/activity');
    expect(
      await screen.findByRole('link', { name: /maya\.curves.* ועוד 3 אהבו את הפוסט שלך/ }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'פעילות' })).toHaveAttribute('href', '/activity');
  });

  it('says who mentioned you, in a comment or a post, in English and Hebrew, and links to the post', async () => {
    const inComment: ActivityItem = {
      ...comment,
      id: '00000000-0000-4000-8000-0000000000e4',
      kind: 'mention',
      comment_body: 'Ask @ada about it',
    };
    const inPost: ActivityItem = {
      ...like,
      id: '00000000-0000-4000-8000-0000000000e5',
      kind: 'mention',
      actors: [person(2, 'noa')],
      actor_count: 1,
      read: true,
    };
    fakeApi({
      'GET /api/v1/activity': () => ({ items: [inComment, inPost], next_cursor: null }),
      'GET /api/v1/activity/unread-count': () => ({ unread_count: 0 }),
    });
    const { unmount } = renderApp('/activity');
    const row = await screen.findByRole(
      'link',
      { name: /dana.* mentioned you in a comment/ },
      { timeout: 8000 },
    );
    expect(row).toHaveAttribute('href', `/post/${postId}`);
    expect(within(row).getByText('Ask @ada about it')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /noa.* mentioned you in a post/ })).toHaveAttribute(
      'href',
      `/post/${postId}`,
    );
    unmount();
    await i18n.changeLanguage('he');
    renderApp('/activity');
    expect(
      await screen.findByRole('link', { name: /dana.* הזכיר\/ה אותך בתגובה/ }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /noa.* הזכיר\/ה אותך בפוסט/ })).toBeInTheDocument();
  });
});
