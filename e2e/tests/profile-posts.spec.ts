import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { getJson } from './support/discovery';
import { markOnboarded } from './support/shell';

/*
 * Another person's profile shows the spec's three posts and "See all posts" (issue 17, around the
 * edges): the link opens the full grid of their posts, and back returns to the profile. The creator is
 * a demo one with more than three posts, asked from the API, as the visitor sees them.
 */

interface Creators {
  items: { username: string; posts_count: number }[];
}

interface PostPage {
  items: { id: string }[];
  next_cursor: string | null;
}

/** A demo creator with more than three posts, and the ids of all their posts (every page). */
async function creatorWithManyPosts(request: APIRequestContext) {
  const creators = await getJson<Creators>(request, '/explore/creators?limit=50');
  const creator = creators.items.find((item) => item.posts_count > 3);
  if (!creator) throw new Error('the demo content has no creator with more than three posts');
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const page: PostPage = await getJson<PostPage>(request, `/profiles/${creator.username}/posts${query}`);
    ids.push(...page.items.map((post) => post.id));
    cursor = page.next_cursor;
  } while (cursor);
  return { username: creator.username, ids };
}

const postLinks = (page: Page) => page.getByRole('main').locator('a[href^="/post/"]');

test.describe("another person's posts", () => {
  test('the profile shows three posts; See all posts opens the full grid, and back returns', async ({
    page,
    request,
  }) => {
    const { username, ids } = await creatorWithManyPosts(request);
    await markOnboarded(page);
    await page.goto(`/profile/${username}`);
    const seeAll = page.getByRole('link', { name: 'See all posts' });
    // The first visit of a cold server loads the profile's chunks and posts: allow it more than the default.
    await expect(seeAll).toBeVisible({ timeout: 30_000 });
    await expect(postLinks(page)).toHaveCount(3);
    // The three are the newest, in the API's order.
    const shown = await postLinks(page).evaluateAll((links) =>
      links.map((link) => link.getAttribute('href')),
    );
    expect(shown).toEqual(ids.slice(0, 3).map((id) => `/post/${id}`));

    await seeAll.click();
    await expect(page).toHaveURL(new RegExp(`/profile/${username}/posts$`));
    // The name is bidi-isolated (U+2068 ... U+2069) inside the title.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Posts by \u2068@${username}\u2069`);
    // Every post, newest first: further pages load as the grid's end comes into view.
    await expect(async () => {
      await page.mouse.wheel(0, 4000);
      await expect(postLinks(page)).toHaveCount(ids.length, { timeout: 1000 });
    }).toPass();
    const all = await postLinks(page).evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(all).toEqual(ids.map((id) => `/post/${id}`));

    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/${username}$`));
    await expect(postLinks(page)).toHaveCount(3);
  });

  test('in Hebrew the full grid reads right to left', async ({ page, request }) => {
    const { username } = await creatorWithManyPosts(request);
    await markOnboarded(page);
    await page.addInitScript(() => window.localStorage.setItem('lang', 'he'));
    await page.goto(`/profile/${username}`);
    await page.getByRole('link', { name: 'לכל הפוסטים' }).click({ timeout: 30_000 });
    await expect(page).toHaveURL(new RegExp(`/profile/${username}/posts$`));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'he');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(`הפוסטים של \u2068@${username}\u2069`);
    // The grid runs from the right: its first post sits to the right of its second.
    await expect(postLinks(page).nth(1)).toBeVisible();
    const [first = 0, second = 0] = await postLinks(page).evaluateAll((links) =>
      links.slice(0, 2).map((link) => link.getBoundingClientRect().left),
    );
    expect(first).toBeGreaterThan(second);
  });
});
