import type { Post, PostPage } from '@sys/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestRouter } from '@/test/memory-router';
import { photoPost } from '@/test/photo-post';
import { PostFeed } from './post-feed';

const api = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('@/shared/api/api-client', () => ({ apiRequest: api.request }));

/** How many times each card rendered, counted through a hook every card calls once per render. */
const cardRenders = vi.hoisted(() => new Map<string, number>());
vi.mock('@/entities/post/api/like-post', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/entities/post/api/like-post')>();
  return {
    ...actual,
    useLikePostMutation: (...args: Parameters<typeof actual.useLikePostMutation>) => {
      cardRenders.set(args[0], (cardRenders.get(args[0]) ?? 0) + 1);
      return actual.useLikePostMutation(...args);
    },
  };
});

function post(n: number): Post {
  return photoPost(n, { media_url: `/media/${n}.webp`, like_count: n });
}

/** Pages of 10 posts: 1-10 (cursor 'page-2'), then 11-20 (no further page). */
function page(cursor: string | undefined): PostPage {
  const first = cursor === 'page-2' ? 11 : 1;
  return {
    items: Array.from({ length: 10 }, (_, index) => post(first + index)),
    next_cursor: cursor === 'page-2' ? null : 'page-2',
  };
}

/** What the feed had on the page each time it asked the API for a page. */
let articlesAtRequest: number[] = [];

/**
 * An IntersectionObserver that sees every observed element as near the viewport at once: the sentinel
 * fires as soon as the feed shows it (jsdom lays nothing out, and has no IntersectionObserver).
 */
class AlwaysVisible {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() =>
      this.callback(
        [{ isIntersecting: true, target } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    );
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

function renderFeed() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createTestRouter(['/']);
  render(<QueryClientProvider client={queryClient}>{router.wrap(<PostFeed />)}</QueryClientProvider>);
}

const articles = () => within(screen.getByRole('feed')).queryAllByRole('article');

beforeEach(() => {
  articlesAtRequest = [];
  cardRenders.clear();
  api.request.mockImplementation(async (_path: string, options?: { query?: { cursor?: string } }) => {
    articlesAtRequest.push(document.querySelectorAll('[role="feed"] article').length);
    return page(options?.query?.cursor);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  api.request.mockReset();
});

describe('PostFeed', () => {
  it('renders every post of a page, a few at a time, busy until all are there', async () => {
    renderFeed();
    const feed = await screen.findByRole('feed', { name: 'Outfits' });
    // The first cards come at once, the rest in later steps.
    expect(articles().length).toBeGreaterThan(0);
    expect(articles().length).toBeLessThan(10);
    expect(feed).toHaveAttribute('aria-busy', 'true');
    // The button for the next page appears only once the whole page is shown.
    expect(screen.queryByRole('button', { name: 'Load more posts' })).not.toBeInTheDocument();

    await waitFor(() => expect(articles()).toHaveLength(10));
    expect(feed).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByRole('button', { name: 'Load more posts' })).toBeEnabled();
    // Without IntersectionObserver only the button asks for more: one request so far.
    expect(api.request).toHaveBeenCalledTimes(1);
  });

  it('renders each card once while the later ones come in', async () => {
    renderFeed();
    await waitFor(() => expect(articles()).toHaveLength(10));
    expect(screen.getByRole('feed')).toHaveAttribute('aria-busy', 'false');
    expect(cardRenders.size).toBe(10);
    expect([...cardRenders.values()]).toEqual(Array.from({ length: 10 }, () => 1));
  });

  it('keeps the feed semantics: each card an article named by its author, in order, set size unknown', async () => {
    renderFeed();
    await waitFor(() => expect(articles()).toHaveLength(10));
    articles().forEach((article, index) => {
      expect(article).toHaveAccessibleName(`maya${index + 1}`);
      expect(article).toHaveAttribute('aria-posinset', String(index + 1));
      expect(article).toHaveAttribute('aria-setsize', '-1');
    });
    // Only the first card's photo loads at once.
    const photos = screen.getAllByRole('img', { name: /^Outfit by maya\d+, 1 of 1$/ });
    expect(photos[0]).toHaveAttribute('loading', 'eager');
    expect(photos.slice(1).every((photo) => photo.getAttribute('loading') === 'lazy')).toBe(true);
  });

  it('asks for the next page only once every card of the shown pages is on the page', async () => {
    vi.stubGlobal('IntersectionObserver', AlwaysVisible);
    renderFeed();
    await waitFor(() => expect(articles()).toHaveLength(20));
    expect(api.request).toHaveBeenCalledTimes(2);
    expect(api.request).toHaveBeenLastCalledWith(
      '/posts',
      expect.objectContaining({ query: { limit: 10, cursor: 'page-2' } }),
    );
    // The first request from the empty feed; the second only when all 10 cards of page 1 were there.
    expect(articlesAtRequest).toEqual([0, 10]);
    expect(screen.getByRole('feed')).toHaveAttribute('aria-busy', 'false');
    // The last page: nothing more to ask for.
    expect(screen.queryByRole('button', { name: 'Load more posts' })).not.toBeInTheDocument();
    articles().forEach((article, index) => {
      expect(article).toHaveAttribute('aria-posinset', String(index + 1));
    });
  });

  it('loads the next page with the keyboard, and its cards come in after the ones already shown', async () => {
    const user = userEvent.setup();
    renderFeed();
    const more = await screen.findByRole('button', { name: 'Load more posts' });
    expect(articles()).toHaveLength(10);
    more.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(articles()).toHaveLength(20));
    expect(articlesAtRequest).toEqual([0, 10]);
    expect(articles().map((article) => article.getAttribute('aria-posinset'))).toEqual(
      Array.from({ length: 20 }, (_, index) => String(index + 1)),
    );
  });
});
