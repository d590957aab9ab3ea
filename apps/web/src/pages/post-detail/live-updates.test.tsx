import type { Comment } from '@sys/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { fakeApi } from '@/test/fake-api';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { FakeEventSource } from '@/test/fake-event-source';
import { testPost } from '@/test/posts';
import { renderApp } from '@/test/render-app';

// Signed in, looking at someone else's post while others like and comment on it.
installFakeAuthClient(fakeSession());

const post = testPost(9, { like_count: 4, comment_count: 1 });

function comment(n: number, body: string): Comment {
  return {
    id: `00000000-0000-4000-8000-0000000000c${n}`,
    post_id: post.id,
    parent_id: null,
    body,
    created_at: new Date().toISOString(),
    author: {
      id: `00000000-0000-4000-8000-0000000000b${n}`,
      username: `writer${n}`,
      display_name: null,
      avatar_url: null,
    },
    like_count: 0,
    liked_by_me: false,
  };
}

/** What the fake server stores: the comments the API answers, and the post's count with them. */
let stored: Comment[];
const watchingThePost = (url: URL) => url.searchParams.get('posts') === post.id;

function serve(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    [`GET /api/v1/posts/${post.id}`]: () => ({ ...post, comment_count: stored.length }),
    [`GET /api/v1/posts/${post.id}/comments`]: () => ({ items: stored, next_cursor: null }),
    [`GET /api/v1/profiles/${post.author.username}/posts`]: () => ({ items: [post], next_cursor: null }),
    ...extra,
  });
}

async function openComments() {
  const rendered = renderApp(`/post/${post.id}`);
  await waitFor(() => expect(FakeEventSource.open(watchingThePost)).toHaveLength(1));
  await rendered.user.click(await screen.findByRole('button', { name: 'Comments (1)' }));
  const sheet = await screen.findByRole('dialog');
  expect(await within(sheet).findByText('First!')).toBeInTheDocument();
  return { ...rendered, sheet };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  window.localStorage.setItem('onboarded', 'true');
  FakeEventSource.install();
  stored = [comment(1, 'First!')];
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a post kept live', () => {
  it("shows others' likes and comments as they happen, without a reload", async () => {
    serve();
    const { sheet } = await openComments();
    expect(screen.getByText('4 likes')).toBeInTheDocument();

    FakeEventSource.emitToOpen({ type: 'post.likes', post_id: post.id, like_count: 7 }, watchingThePost);
    expect(await screen.findByText('7 likes')).toBeInTheDocument();
    // Another post's count is not this one's.
    FakeEventSource.emitToOpen({ type: 'post.likes', post_id: testPost(10).id, like_count: 1 });
    expect(screen.getByText('7 likes')).toBeInTheDocument();

    stored = [...stored, comment(2, 'Where is the bag from?')];
    FakeEventSource.emitToOpen({ type: 'post.comments', post_id: post.id }, watchingThePost);
    expect(await within(sheet).findByText('Where is the bag from?')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Comments (2)', hidden: true })).toBeInTheDocument();
  });

  it("counts the viewer's own comment once when its event overtakes the answer", async () => {
    let answer: () => void = () => undefined;
    const mine = comment(3, 'Mine');
    serve({
      [`POST /api/v1/posts/${post.id}/comments`]: () => {
        // Stored at once; the answer is held back until after the event has arrived.
        stored = [...stored, mine];
        return new Promise((resolve) => {
          answer = () => resolve(mine);
        });
      },
    });
    const { sheet, user } = await openComments();
    await user.type(within(sheet).getByRole('combobox', { name: 'Add comment...' }), 'Mine');
    await user.click(within(sheet).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(stored).toContain(mine));

    FakeEventSource.emitToOpen({ type: 'post.comments', post_id: post.id }, watchingThePost);
    answer();
    expect(await within(sheet).findByText('Mine')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Comments (2)', hidden: true })).toBeInTheDocument();
    // Whatever came back first, the screen settles on the server's state: one comment, counted once.
    await waitFor(() =>
      expect(
        serveCalls().filter((call) => call === `GET /api/v1/posts/${post.id}/comments`).length,
      ).toBeGreaterThanOrEqual(2),
    );
    await waitFor(() => expect(within(sheet).getAllByText('Mine')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Comments (2)', hidden: true })).toBeInTheDocument();
  });
});

function serveCalls(): string[] {
  return vi
    .mocked(globalThis.fetch)
    .mock.calls.map(
      ([input, init]) =>
        `${init?.method ?? 'GET'} ${new URL(String(input), window.location.origin).pathname}`,
    );
}

describe('a post in the home feed', () => {
  it('is kept live while its comments are open, and only then', async () => {
    serve({ 'GET /api/v1/posts': () => ({ items: [post], next_cursor: null }) });
    const { user } = renderApp('/');
    const open = await screen.findByRole('button', { name: 'Comments (1)' });
    // Scrolling a feed opens no stream per card.
    expect(FakeEventSource.open(watchingThePost)).toHaveLength(0);

    await user.click(open);
    const sheet = await screen.findByRole('dialog');
    expect(await within(sheet).findByText('First!')).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.open(watchingThePost)).toHaveLength(1));

    stored = [...stored, comment(2, 'Where is the bag from?')];
    FakeEventSource.emitToOpen({ type: 'post.comments', post_id: post.id }, watchingThePost);
    expect(await within(sheet).findByText('Where is the bag from?')).toBeInTheDocument();
    FakeEventSource.emitToOpen({ type: 'post.likes', post_id: post.id, like_count: 7 }, watchingThePost);
    expect(await screen.findByText('7 likes')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(FakeEventSource.open(watchingThePost)).toHaveLength(0));
  });
});
