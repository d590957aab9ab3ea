import { expect, type Page, test } from '@playwright/test';
import {
  buildPreferenceCounters,
  type OutfitSource,
  type SwipeEvent,
  scorableOutfit,
  scoreOutfit,
  swipedOutfitFromPost,
} from '@sys/shared';
import { signInThroughUi } from './support/auth';
import {
  type ApiPost,
  bearer,
  dragCard,
  expectOutfit,
  getJson,
  localSwipeEvents,
  passwordToken,
  swipeCard,
} from './support/discovery';
import { createApiUser } from './support/people';
import { signUpThroughUi } from './support/posts';
import { expectNoSeriousA11yViolations, markOnboarded } from './support/shell';

/*
 * Discovery journeys (issue 6): onboarding swipes, explore search and filters, the explore sub-pages,
 * preferences learning across sign-up, the preferences screen and 'Fits like me'. The server seeds its
 * demo content on start; expected counts are asked from the API, never written down here.
 */

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

interface Counted {
  total: number;
  items: ApiPost[];
}

test.describe('onboarding', () => {
  test('a new visitor swipes 5 outfits by drag, buttons and arrow keys, then continues as a guest', async ({
    page,
  }) => {
    await page.goto('/onboarding');
    await expect(page.getByRole('heading', { name: 'Show us what you like' })).toBeVisible();
    await expect(page.getByText('Swipe left for X | Swipe right for heart')).toBeVisible();
    await expect(page.getByText("We'll match you with outfits that are made just for you")).toBeVisible();
    await expect(swipeCard(page)).toBeVisible();
    await expectOutfit(page, 1);
    await expectNoSeriousA11yViolations(page, '/onboarding');

    // A short drag shows the overlay but is no swipe: the card snaps back.
    const box = (await swipeCard(page).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 3, { steps: 6 });
    await expect(swipeCard(page).getByText('Like', { exact: true })).toBeVisible();
    await page.mouse.up();
    await expect(swipeCard(page).getByText('Like', { exact: true })).toBeHidden();
    await expectOutfit(page, 1);
    expect(await localSwipeEvents(page)).toEqual([]);

    await dragCard(page, 160); // like
    await expectOutfit(page, 2);
    await dragCard(page, -160); // dislike
    await expectOutfit(page, 3);
    await page.getByRole('button', { name: 'Like this outfit' }).click();
    await expectOutfit(page, 4);
    await page.keyboard.press('ArrowLeft');
    await expectOutfit(page, 5);
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.keyboard.press('ArrowRight');

    const dialog = page.getByRole('dialog', { name: 'You can become a real SYS now ;)' });
    await expect(dialog).toBeVisible();
    expect((await localSwipeEvents(page)).map((event) => event.action)).toEqual([
      'like',
      'dislike',
      'like',
      'dislike',
      'like',
    ]);
    await expect(dialog.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'onboarding: finished dialog');

    await dialog.getByRole('button', { name: 'Continue as a guest' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => window.localStorage.getItem('onboarded'))).toBe('true');
    expect(await page.evaluate(() => window.localStorage.getItem('isGuestUser'))).toBe('true');
    // Onboarded: home stays home.
    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('feed')).toBeVisible();
  });

  test("'Sign in' in the finished dialog leads to /auth, onboarded", async ({ page }) => {
    await page.goto('/onboarding');
    for (const index of [1, 2, 3, 4, 5]) {
      await expectOutfit(page, index);
      await page.keyboard.press(index % 2 === 0 ? 'ArrowLeft' : 'ArrowRight');
    }
    const dialog = page.getByRole('dialog', { name: 'You can become a real SYS now ;)' });
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    // The flag used to send /onboarding home before the /auth screen had loaded: the visitor landed on /.
    await expect(page.getByRole('heading', { name: 'Welcome to SYS' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    expect(await page.evaluate(() => window.localStorage.getItem('onboarded'))).toBe('true');
  });

  for (const language of ['en', 'he'] as const) {
    test(`the deck is physical in ${language}: pass on the left, like on the right, and a drag never widens the page`, async ({
      page,
    }) => {
      const texts =
        language === 'en'
          ? { pass: 'Pass on this outfit', like: 'Like this outfit', likeStamp: 'Like', passStamp: 'Pass' }
          : { pass: 'דלגו על הלוק', like: 'אהבתי את הלוק', likeStamp: 'אהבתי', passStamp: 'דילוג' };
      await page.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
      await page.goto('/onboarding');
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'he' ? 'rtl' : 'ltr');
      const card = swipeCard(page);
      await expect(card).toBeVisible();
      const pass = (await page.getByRole('button', { name: texts.pass }).boundingBox())!;
      const like = (await page.getByRole('button', { name: texts.like }).boundingBox())!;
      expect(pass.x + pass.width).toBeLessThan(like.x);

      const viewportWidth = await page.evaluate(() => window.innerWidth);
      const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
      const box = (await card.boundingBox())!;
      const centre = box.x + box.width / 2;
      await page.mouse.move(centre, box.y + box.height / 3);
      await page.mouse.down();
      // Dragged right: the like stamp, on the card's left half, and the page keeps its width.
      await page.mouse.move(centre + 90, box.y + box.height / 3, { steps: 8 });
      const likeStamp = card.getByText(texts.likeStamp, { exact: true });
      await expect(likeStamp).toBeVisible();
      expect((await likeStamp.boundingBox())!.x).toBeLessThan(centre + 90);
      expect(await pageWidth()).toBe(viewportWidth);
      // Dragged left: the pass stamp, on the card's right half.
      await page.mouse.move(centre - 160, box.y + box.height / 3, { steps: 12 });
      const passStamp = card.getByText(texts.passStamp, { exact: true });
      await expect(passStamp).toBeVisible();
      const stampBox = (await passStamp.boundingBox())!;
      expect(stampBox.x + stampBox.width / 2).toBeGreaterThan(centre - 160);
      expect(await pageWidth()).toBe(viewportWidth);
      // Released: the card flies off to the left (a pass), still inside the page's width.
      await page.mouse.up();
      expect(await pageWidth()).toBe(viewportWidth);
      await expect.poll(localSwipeEvents.bind(null, page)).toHaveLength(1);
      expect((await localSwipeEvents(page))[0]!.action).toBe('dislike');
      expect(await page.evaluate(() => window.scrollX)).toBe(0);
    });
  }

  test("a guest's swipes reach the server after sign-up, once, and reorder the deck", async ({
    page,
    request,
  }) => {
    // The deck of someone with no preferences: the newest posts as they come.
    const fresh = await createApiUser(request, 'fresh');
    const baseline = await getJson<{ items: ApiPost[] }>(request, '/swipes/deck?limit=50', fresh.token);

    await page.goto('/onboarding');
    await expectOutfit(page, 1);
    await page.getByRole('button', { name: 'Like this outfit' }).click();
    await expectOutfit(page, 2);
    await page.getByRole('button', { name: 'Like this outfit' }).click();
    await expectOutfit(page, 3);
    await page.getByRole('button', { name: 'Pass on this outfit' }).click();
    await expectOutfit(page, 4);
    await page.keyboard.press('ArrowRight');
    await expectOutfit(page, 5);
    await page.keyboard.press('ArrowLeft');
    await page
      .getByRole('dialog', { name: 'You can become a real SYS now ;)' })
      .getByRole('button', { name: 'Continue as a guest' })
      .click();
    await expect(page).toHaveURL(/\/$/);
    const events = (await page.evaluate(() =>
      JSON.parse(window.localStorage.getItem('swipeEvents') ?? '[]'),
    )) as { outfit_id: string; action: string; tags: string[]; brand: string | null; colors: string[] }[];
    expect(events).toHaveLength(5);

    const email = await signUpThroughUi(page);
    const token = await passwordToken(request, email);
    await expect
      .poll(
        async () =>
          (await getJson<{ summary: { event_count: number } }>(request, '/swipes/preferences', token)).summary
            .event_count,
      )
      .toBe(5);
    await expect.poll(() => localSwipeEvents(page)).toEqual([]);
    // Merged once: signing in again (a reload restores the session) sends nothing more.
    await page.reload();
    await expect(page.getByRole('feed')).toBeVisible();
    const preferences = await getJson<{ summary: { event_count: number; like_count: number } }>(
      request,
      '/swipes/preferences',
      token,
    );
    expect(preferences.summary).toMatchObject({ event_count: 5, like_count: 3 });

    const deck = await getJson<{ items: ApiPost[] }>(request, '/swipes/deck?limit=50', token);
    const swiped = new Set(events.map((event) => event.outfit_id));
    expect(deck.items.filter((post) => swiped.has(post.id))).toEqual([]);
    // The deck is in preferences order: each post's score, by the same shared scoring the app uses, from the
    // 5 swipes, never rises down the deck. (Which posts the guest saw first depends on what the other
    // journeys have posted by then, so the test does not assume what the liked outfits look like.)
    const counters = buildPreferenceCounters(events as SwipeEvent[]);
    const scores = deck.items.map((post) =>
      scoreOutfit(scorableOutfit(swipedOutfitFromPost(post as OutfitSource)), counters),
    );
    for (let index = 1; index < scores.length; index += 1) {
      expect(scores[index], `deck position ${index + 1} outranks the one before it`).toBeLessThanOrEqual(
        scores[index - 1]!,
      );
    }
    // When the swipes taught anything about these posts, the order differs from the newest-first one.
    if (scores.some((score) => score !== 0)) {
      const unswipedBaseline = baseline.items.map((post) => post.id).filter((id) => !swiped.has(id));
      expect(deck.items.map((post) => post.id)).not.toEqual(unswipedBaseline.slice(0, deck.items.length));
    }
  });
});

test.describe('explore', () => {
  test.beforeEach(async ({ page }) => {
    await markOnboarded(page);
  });

  test('search shows the results with their count, and a miss shows the empty state', async ({
    page,
    request,
  }) => {
    await page.goto('/explore');
    await expect(page.getByRole('heading', { name: 'Discover New Looks' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Popular Brands' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/explore');

    const expected = await getJson<Counted>(request, '/search?q=leopard');
    expect(expected.total).toBeGreaterThan(0);
    const search = page.getByRole('combobox', { name: 'Search style, item, brand...' });
    await search.fill('leopard');
    const results = page.getByRole('region', { name: 'Search results' });
    await expect(results.getByRole('status')).toHaveText(plural(expected.total, 'result', 'results'));
    await expect(results.locator(`a[href="/post/${expected.items[0]!.id}"]`)).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/explore search results');

    await search.fill('zzqxv nothing like this');
    await expect(results.getByRole('status')).toHaveText('0 results');
    await expect(page.getByText('No results found')).toBeVisible();
    await expect(page.getByText('Try a different search term')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/explore search miss');
  });

  test('filtering by a size and a colour goes home with Active Filters and the right count, kept on reload', async ({
    page,
    request,
  }) => {
    // A size and a colour the demo content has together, and their count, from the API.
    let choice: { size: string; color: string; total: number } | undefined;
    for (const size of ['M', 'S', 'L']) {
      for (const color of ['Black', 'White', 'Blue', 'Beige']) {
        const { total } = await getJson<Counted>(request, `/posts/filtered?size=${size}&color=${color}`);
        if (!choice && total > 0) choice = { size, color, total };
      }
    }
    if (!choice) throw new Error('the demo content has no size and colour together');
    const { size, color, total } = choice;

    await page.goto('/explore');
    await page.getByRole('button', { name: 'Filter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter By...' });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'filter dialog');
    const sizes = dialog.getByRole('group', { name: 'Size', exact: true });
    await sizes.getByRole('searchbox', { name: 'Search Size' }).fill(size);
    await sizes.getByRole('button', { name: size, exact: true }).click();
    const colors = dialog.getByRole('group', { name: 'Color', exact: true });
    await colors.getByRole('searchbox', { name: 'Search Color' }).fill(color.toLowerCase());
    await colors.getByRole('button', { name: color, exact: true }).click();
    await dialog.getByRole('button', { name: 'Apply Filters (2)' }).click();

    await expect(page).toHaveURL(new RegExp(`/\\?size=${size}&color=${color}$`));
    const panel = page.getByRole('region', { name: 'Active Filters' });
    const showing = `Showing ${plural(total, 'filtered result', 'filtered results')}`;
    await expect(panel.getByRole('status')).toHaveText(showing);
    await expect(panel.getByText(`Size: ${size}`)).toBeVisible();
    await expect(panel.getByText(`Color: ${color}`)).toBeVisible();
    await expect(page.getByRole('feed').getByRole('article')).toHaveCount(Math.min(total, 10));
    await expectNoSeriousA11yViolations(page, 'home with filters');

    await page.reload();
    await expect(page.getByRole('region', { name: 'Active Filters' }).getByRole('status')).toHaveText(
      showing,
    );

    await page.getByRole('button', { name: 'Clear All' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('region', { name: 'Active Filters' })).toBeHidden();
  });

  test('every explore sub-page shows its content, and the unknown ones their not-found state', async ({
    page,
    request,
  }) => {
    await page.goto('/explore/brands');
    await expect(page.getByRole('heading', { name: 'Popular Brands' })).toBeVisible();
    const firstBrand = page.locator('a[href^="/explore/brands/"]').first();
    await expect(firstBrand).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/explore/brands');

    const href = (await firstBrand.getAttribute('href'))!;
    // The page's path is the API's too (/api/v1/explore/brands/{id}).
    const brand = await getJson<Counted & { brand: { name: string } }>(request, href);
    await firstBrand.click();
    await expect(page).toHaveURL(href);
    await expect(page.getByRole('heading', { level: 1, name: brand.brand.name })).toBeVisible();
    await expect(page.getByText(plural(brand.total, 'item found', 'items found'))).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'brand page');

    await page.goto('/explore/brands/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Brand Not Found')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'unknown brand');

    await page.goto('/explore/creators');
    await expect(page.getByRole('heading', { name: 'Top Creators' })).toBeVisible();
    await expect(page.locator('a[href="/profile/noa.levi"]').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/explore/creators');
    await page.getByRole('button', { name: 'Follow' }).first().click();
    await expect(page.getByRole('dialog', { name: 'To follow users, you need to register' })).toBeVisible();

    await page.goto('/explore/trending');
    await expect(page.getByRole('heading', { name: 'Trending Products' })).toBeVisible();
    await expect(page.getByRole('link', { name: /View Item/ }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/explore/trending');

    await page.goto('/explore/albums');
    await expect(page.getByRole('heading', { name: 'Fashion Albums' })).toBeVisible();
    await expect(page.locator('a[href^="/explore/albums/"]').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/explore/albums');

    const casual = await getJson<Counted>(request, '/explore/categories/casual');
    await page.goto('/explore/category/casual');
    await expect(page.getByRole('heading', { name: 'Casual Style' })).toBeVisible();
    await expect(page.getByText(plural(casual.total, 'post found', 'posts found'))).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/explore/category/casual');

    await page.goto('/explore/category/zzqxv');
    await expect(page.getByRole('heading', { name: 'Zzqxv Style' })).toBeVisible();
    await expect(page.getByText('No posts found for this category')).toBeVisible();
    await expect(page.getByText('0 posts found')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'unknown category');
  });
});

test.describe('your preferences', () => {
  test('shows the liked creator after swiping, is reachable from the profile, and Reset clears it', async ({
    page,
    request,
  }) => {
    const user = await createApiUser(request, 'prefs');
    await markOnboarded(page);
    await signInThroughUi(page, user.email);

    await page.goto('/explore/preferences');
    await expect(page.getByText('Nothing learned yet')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/explore/preferences (empty)');
    await page.getByRole('link', { name: 'Start Swiping' }).click();
    await expect(page).toHaveURL(/\/explore\?swipe=1$/);
    await expect(page.getByRole('heading', { name: 'Swipe' })).toBeVisible();
    await expectOutfit(page, 1);
    await expectNoSeriousA11yViolations(page, 'swipe mode');
    for (const index of [1, 2]) {
      const stored = page.waitForResponse(
        (response) => response.url().endsWith('/api/v1/swipes') && response.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Like this outfit' }).click();
      expect((await stored).status()).toBe(201);
      await expectOutfit(page, index + 1);
    }
    // Every outfit has an author, while its hashtags depend on which posts the deck dealt (other
    // journeys post outfits without any), so the learned creator is what this checks.
    const { summary } = await getJson<{ summary: { liked: { brands: { label: string }[] } } }>(
      request,
      '/swipes/preferences',
      user.token,
    );
    const creator = summary.liked.brands[0]?.label;
    if (!creator) throw new Error('the liked outfits have no author');

    // From the own profile's menu.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Your taste' }).click();
    await expect(page).toHaveURL(/\/explore\/preferences$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your taste' })).toBeVisible();
    await expect(page.getByText('Learned from 2 swipes:')).toBeVisible();
    const liked = page.getByRole('region', { name: 'What you like' });
    await expect(liked.getByRole('list', { name: 'What you like: Creators' })).toContainText(creator);
    await expect(page.getByRole('region', { name: 'What you pass on' })).toContainText('No passes yet.');
    await expectNoSeriousA11yViolations(page, '/explore/preferences');

    await page.getByRole('button', { name: 'Reset' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Reset your taste?' });
    await expect(confirm).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'reset preferences dialog');
    await confirm.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByText('Nothing learned yet')).toBeVisible();
    const after = await getJson<{ summary: { event_count: number } }>(
      request,
      '/swipes/preferences',
      user.token,
    );
    expect(after.summary.event_count).toBe(0);
  });

  test('is reachable from explore for a visitor, with their local swipes', async ({ page }) => {
    await markOnboarded(page);
    await page.goto('/explore');
    await page.getByRole('link', { name: 'Your taste' }).click();
    await expect(page).toHaveURL(/\/explore\/preferences$/);
    await expect(page.getByText('Nothing learned yet')).toBeVisible();
  });
});

test.describe('fits like me', () => {
  test('a user with measurements sees the posts of a demo author within the tolerance, closest first', async ({
    page,
    request,
  }) => {
    const user = await createApiUser(request, 'fits');
    // Within 2 cm of noa.levi's public 86/68/94; more than 4 cm from every other public demo author.
    const patched = await request.patch('/api/v1/profiles/me', {
      headers: bearer(user.token),
      data: { chest_circumference: 85, waist_circumference: 66, hip_circumference: 93 },
    });
    expect(patched.status()).toBe(200);
    const at4 = await getJson<Counted>(request, '/posts/fits-like-me?tolerance=4&limit=50', user.token);
    expect(at4.total).toBeGreaterThan(0);
    expect(new Set(at4.items.map((post) => post.author.username))).toEqual(new Set(['noa.levi']));

    await markOnboarded(page);
    await signInThroughUi(page, user.email);
    // The server chooses the tolerance: the default, widened until enough outfits match.
    const auto = await getJson<Counted & { tolerance: number }>(
      request,
      '/posts/fits-like-me?limit=50',
      user.token,
    );
    expect(auto.tolerance).toBeGreaterThanOrEqual(4);
    await page.getByRole('button', { name: 'Fits like me' }).click();
    await expect(page).toHaveURL(/\/\?fits=1$/);
    const panel = page.getByRole('region', { name: 'Fits like me' });
    await expect(panel.getByRole('status')).toHaveText(
      `Showing ${plural(auto.total, 'outfit', 'outfits')} within ±${auto.tolerance} cm of your measurements`,
    );
    // Closest first: noa.levi's looks lead.
    const authors = page.getByRole('feed').locator('article header a[href^="/profile/"]');
    await expect(authors).toHaveCount(Math.min(auto.total, 10));
    await expect(authors.first()).toHaveAttribute('href', '/profile/noa.levi');
    await expectNoSeriousA11yViolations(page, 'home: fits like me');

    // A wider tolerance, by keyboard; the URL keeps it.
    const slider = panel.getByRole('slider', { name: 'Tolerance' });
    await expect(slider).toHaveValue(String(auto.tolerance));
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    const wider = auto.tolerance + 1;
    await expect(page).toHaveURL(new RegExp(`/\\?fits=1&tol=${wider}$`));
    const atWider = await getJson<Counted>(request, `/posts/fits-like-me?tolerance=${wider}`, user.token);
    await expect(panel.getByRole('status')).toHaveText(
      `Showing ${plural(atWider.total, 'outfit', 'outfits')} within ±${wider} cm of your measurements`,
    );
    await page.reload();
    await expect(page.getByRole('region', { name: 'Fits like me' }).getByRole('slider')).toHaveValue(
      String(wider),
    );

    // From the filter dialog.
    await page.goto('/explore');
    await page.getByRole('button', { name: 'Filter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter By...' });
    await dialog.getByRole('switch', { name: 'Fits like me' }).click();
    await expect(dialog.getByRole('switch', { name: 'Fits like me' })).toBeChecked();
    await expect(dialog.getByText('While Fits like me is on, the other filters are not used.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'filter dialog: fits like me');
    await dialog.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/\/\?fits=1&tol=4$/);
    await expect(page.getByRole('feed').locator('a[href="/profile/noa.levi"]').first()).toBeVisible();
  });

  test('never matches on private measurements', async ({ page, request }) => {
    // sofia.marquez's own private 83/65/91: even at the widest tolerance her posts never show.
    const user = await createApiUser(request, 'private');
    await request.patch('/api/v1/profiles/me', {
      headers: bearer(user.token),
      data: { chest_circumference: 83, waist_circumference: 65, hip_circumference: 91 },
    });
    const wide = await getJson<Counted>(request, '/posts/fits-like-me?tolerance=15&limit=50', user.token);
    expect(wide.items.map((post) => post.author.username)).not.toContain('sofia.marquez');
    expect(wide.total).toBeGreaterThan(0);

    await markOnboarded(page);
    await signInThroughUi(page, user.email);
    await page.goto('/?fits=1&tol=15');
    await expect(page.getByRole('region', { name: 'Fits like me' }).getByRole('status')).toHaveText(
      `Showing ${plural(wide.total, 'outfit', 'outfits')} within ±15 cm of your measurements`,
    );
    await expect(page.getByRole('feed').getByRole('article').first()).toBeVisible();
    const closest = wide.items[0]!.author.username;
    await expect(page.getByRole('feed').locator(`a[href="/profile/${closest}"]`).first()).toBeVisible();
    await expect(page.getByRole('feed').locator('a[href="/profile/sofia.marquez"]')).toHaveCount(0);

    await page.goto('/?fits=1&tol=1');
    await expect(page.getByText('No outfits from people with your measurements yet')).toBeVisible();
  });

  test('a new user, who has entered no measurements, is asked for them and then sees results', async ({
    page,
    request,
  }) => {
    const user = await createApiUser(request, 'nomeasure');
    await markOnboarded(page);
    await signInThroughUi(page, user.email);
    await page.goto('/?fits=1');
    const panel = page.getByRole('region', { name: 'Fits like me' });
    await expect(
      panel.getByText(
        'Add your chest, waist and hip measurements in Edit Profile to see outfits from people built like you.',
      ),
    ).toBeVisible();
    await expect(panel.getByText(/With Public on, signed-in members see them on your profile/)).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Go to Edit Profile' })).toHaveAttribute('href', '/profile');
    await expect(page.getByRole('feed')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'home: fits like me without measurements');

    const patched = await request.patch('/api/v1/profiles/me', {
      headers: bearer(user.token),
      data: { chest_circumference: 88, waist_circumference: 70, hip_circumference: 96 },
    });
    expect(patched.status()).toBe(200);
    await page.reload();
    await expect(panel.getByRole('status')).toHaveText(
      /^Showing [1-9]\d* outfits? within ±\d+ cm of your measurements$/,
    );
  });

  test('a visitor sees what it does and is asked to register', async ({ page }) => {
    await markOnboarded(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Fits like me' }).click();
    const prompt = page.getByRole('dialog', {
      name: 'To find outfits that fit like you, you need to register',
    });
    await expect(prompt).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'fits like me: registration prompt');
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    const panel = page.getByRole('region', { name: 'Fits like me' });
    await expect(panel).toContainText(
      'Outfits worn by people whose chest, waist and hip are each close to yours',
    );
    await expectNoSeriousA11yViolations(page, 'home: fits like me for a visitor');

    await page.goto('/explore');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page
      .getByRole('dialog', { name: 'Filter By...' })
      .getByRole('switch', { name: 'Fits like me' })
      .click();
    const filterPrompt = page.getByRole('dialog', {
      name: 'To find outfits that fit like you, you need to register',
    });
    await expect(filterPrompt).toBeVisible();
    await filterPrompt.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('switch', { name: 'Fits like me' })).not.toBeChecked();
  });
});

test.describe('explore swipe mode', () => {
  test.beforeEach(async ({ page }) => {
    await markOnboarded(page);
  });

  const doneDialog = (page: Page) => page.getByRole('dialog', { name: 'Thanks for swiping!' });

  test("a first-time visitor gets the 3 s hint, a like the 1.5 s 'saved' toast, and 5 swipes the completion dialog", async ({
    page,
  }) => {
    await page.goto('/explore?swipe=1');
    await expect(page.getByRole('heading', { name: 'Swipe' })).toBeVisible();
    await expect(page.getByText('Let us get to know you ;)')).toBeVisible();
    const hint = page.getByText('Drag the card, or use the buttons or the arrow keys.');
    await expect(hint).toBeVisible();
    const hintShown = Date.now();
    await expectOutfit(page, 1);
    await expect(hint).toBeHidden({ timeout: 6_000 });
    expect(Date.now() - hintShown).toBeGreaterThan(2_000);

    await page.getByRole('button', { name: 'Like this outfit' }).click();
    const toast = page.getByText('saved', { exact: true });
    await expect(toast).toBeVisible();
    const toastShown = Date.now();
    await expectOutfit(page, 2);
    await expect(toast).toBeHidden({ timeout: 5_000 });
    expect(Date.now() - toastShown).toBeGreaterThan(1_000);

    for (const [index, key] of [
      [2, 'ArrowLeft'],
      [3, 'ArrowRight'],
      [4, 'ArrowLeft'],
    ] as const) {
      await expectOutfit(page, index);
      await page.keyboard.press(key);
    }
    await expectOutfit(page, 5);
    await expect(doneDialog(page)).toBeHidden();
    await page.keyboard.press('ArrowLeft');
    const dialog = doneDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('You rated 5 outfits.');
    await expectNoSeriousA11yViolations(page, 'swipe mode: completion dialog');
    // Swiping has closed: the keys move nothing behind the dialog.
    await page.keyboard.press('ArrowRight');
    expect(await localSwipeEvents(page)).toHaveLength(5);

    await dialog.getByRole('button', { name: 'Back to Explore' }).click();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(page.getByRole('heading', { name: 'Discover New Looks' })).toBeVisible();
  });

  test('closing before a swipe goes straight back; closing after one opens the completion dialog', async ({
    page,
  }) => {
    await page.goto('/explore?swipe=1');
    await expectOutfit(page, 1);
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(doneDialog(page)).toBeHidden();

    await page.getByRole('link', { name: 'Start Swiping' }).click();
    await expectOutfit(page, 1);
    await page.getByRole('button', { name: 'Pass on this outfit' }).click();
    await expectOutfit(page, 2);
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    const dialog = doneDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('You rated 1 outfit.');
    await dialog.getByRole('button', { name: 'Back to Explore' }).click();
    await expect(page).toHaveURL(/\/explore$/);
  });

  test('the end of the deck opens the completion dialog', async ({ page }) => {
    // A visitor's deck is the newest posts: this one is only two long.
    await page.route('**/api/v1/posts?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { items: unknown[] };
      await route.fulfill({ response, json: { ...body, items: body.items.slice(0, 2), next_cursor: null } });
    });
    await page.goto('/explore?swipe=1');
    await expect(page.getByText(/^Outfit 1 of 2, by /)).toBeAttached();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText(/^Outfit 2 of 2, by /)).toBeAttached();
    await expect(doneDialog(page)).toBeHidden();
    await page.keyboard.press('ArrowLeft');
    await expect(doneDialog(page)).toContainText('You rated 2 outfits.');
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/explore$/);
  });

  test('a signed-in like saves the outfit to the wishlist', async ({ page, request }) => {
    const user = await createApiUser(request, 'swipesave');
    await signInThroughUi(page, user.email);
    const deck = page.waitForResponse((response) => response.url().includes('/api/v1/swipes/deck'));
    await page.goto('/explore?swipe=1');
    const first = ((await (await deck).json()) as { items: ApiPost[] }).items[0]!;
    await expectOutfit(page, 1);
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/v1/posts/${first.id}/save`) && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Like this outfit' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('saved', { exact: true })).toBeVisible();
    const wishlist = await getJson<{ items: ApiPost[] }>(request, '/me/saved-posts', user.token);
    expect(wishlist.items.map((post) => post.id)).toContain(first.id);
  });
});

test.describe('explore, signed in', () => {
  test.beforeEach(async ({ page }) => {
    await markOnboarded(page);
  });

  test("'View Item' on a trending product counts the click", async ({ page, request, baseURL }) => {
    const user = await createApiUser(request, 'clicker');
    await signInThroughUi(page, user.email);
    // The shop opens in a new tab; the shops are not reachable from here, and need not be.
    await page.context().route(
      (url) => !url.href.startsWith(baseURL!),
      (route) => route.abort(),
    );
    type Trending = { items: { id: string; click_count: number }[] };
    const before = await getJson<Trending>(request, '/explore/trending?limit=50');
    const first = before.items[0];
    if (!first) throw new Error('the demo content has no trending products');

    await page.goto('/explore/trending');
    const counted = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/v1/items/${first.id}/click`) && response.request().method() === 'POST',
    );
    const popup = page.waitForEvent('popup');
    await page
      .getByRole('link', { name: /View Item/ })
      .first()
      .click();
    await (await popup).close();
    expect((await counted).status()).toBe(200);
    const after = await getJson<Trending>(request, '/explore/trending?limit=50');
    expect(after.items.find((item) => item.id === first.id)?.click_count).toBe(first.click_count + 1);
  });

  test('Follow on /explore/creators follows: the button and the count change, and stay after a reload', async ({
    page,
    request,
  }) => {
    const user = await createApiUser(request, 'creatorfan');
    type Creators = { items: { id: string; username: string; followers_count: number }[] };
    const creators = await getJson<Creators>(request, '/explore/creators?limit=50', user.token);
    const creator = creators.items.find((item) => item.id !== user.id);
    if (!creator) throw new Error('the demo content has no creators');

    await signInThroughUi(page, user.email);
    await page.goto('/explore/creators');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.locator(`a[href="/profile/${creator.username}"]`) });
    const followers = (count: number) =>
      `${count.toLocaleString('en')} ${count === 1 ? 'follower' : 'followers'}`;
    await expect(card.getByText(followers(creator.followers_count))).toBeVisible();
    await card.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(card.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
    await expect(card.getByText(followers(creator.followers_count + 1))).toBeVisible();

    // The button turns at once (optimistic); the follow is stored when its request is answered.
    await expect
      .poll(
        async () =>
          (await getJson<{ is_following: boolean }>(request, `/profiles/${creator.username}`, user.token))
            .is_following,
      )
      .toBe(true);
    await page.reload();
    await expect(card.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
    await expect(card.getByText(followers(creator.followers_count + 1))).toBeVisible();
  });
});
