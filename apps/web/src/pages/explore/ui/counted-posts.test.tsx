import type { CountedPostPage } from '@sys/shared';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/app/i18n';
import { CountedPosts, type CountedPostsQuery, NoPostsFound } from './counted-posts';

/** A settled query of one empty page whose count is `total` (the list itself is not what is tested here). */
function settled(total: number, totalCapped: boolean): CountedPostsQuery {
  const page: CountedPostPage = { items: [], total, total_capped: totalCapped, next_cursor: null };
  return {
    isPending: false,
    isError: false,
    hasNextPage: false,
    isFetchingNextPage: false,
    data: { pages: [page], pageParams: [undefined] },
  } as unknown as CountedPostsQuery;
}

const empty = <NoPostsFound title="-" />;

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('CountedPosts count', () => {
  it("says 'N items found' / 'N posts found' for an exact count", () => {
    const { unmount } = render(
      <CountedPosts page={settled(1, false)} countKey="itemsFound" empty={empty} errorTitle="-" />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('1 item found');
    unmount();
    render(<CountedPosts page={settled(999, false)} countKey="postsFound" empty={empty} errorTitle="-" />);
    expect(screen.getByRole('status')).toHaveTextContent('999 posts found');
  });

  it("says '1,000+ … found' when the server stopped counting at its cap", () => {
    const { unmount } = render(
      <CountedPosts page={settled(1000, true)} countKey="itemsFound" empty={empty} errorTitle="-" />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('1,000+ items found');
    unmount();
    render(<CountedPosts page={settled(1000, true)} countKey="postsFound" empty={empty} errorTitle="-" />);
    expect(screen.getByRole('status')).toHaveTextContent('1,000+ posts found');
  });

  it("says 'more than' in Hebrew", async () => {
    await i18n.changeLanguage('he');
    render(<CountedPosts page={settled(1000, true)} countKey="postsFound" empty={empty} errorTitle="-" />);
    expect(screen.getByRole('status')).toHaveTextContent('נמצאו יותר מ-1,000 פוסטים');
  });
});
