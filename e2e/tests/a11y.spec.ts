import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { PASSWORD, signInThroughUi, submitAuthForm, uniqueEmail } from './support/auth';
import { type ApiUser, createApiUser } from './support/people';
import { pngFile, publishThroughApi } from './support/posts';
import { expectNoSeriousA11yViolations, markOnboarded } from './support/shell';

/**
 * axe on every route of the route table (apps/web/src/app/router.tsx), as a visitor and signed in, in
 * English and in Hebrew; and a keyboard walk through / and /explore where focus must always land on
 * something visible that shows it has focus.
 */

interface Fixture {
  user: ApiUser;
  postId: string;
  albumId: string;
  brandId: string;
}

async function createFixture(request: APIRequestContext): Promise<Fixture> {
  const user = await createApiUser(request, 'a11y');
  const headers = { authorization: `Bearer ${user.token}` };
  const { id: postId } = await publishThroughApi(request, user.token, 'Accessible look #a11y', {
    items: [{ link: 'https://shop.example/coat', brand: 'Zara', price: '120', currency: 'ILS' }],
    rgb: [120, 140, 180],
  });
  const album = await request.post('/api/v1/albums', {
    headers,
    data: { name: 'Checked looks', is_public: true, post_id: postId },
  });
  expect(album.status(), await album.text()).toBe(201);
  const { id: albumId } = (await album.json()) as { id: string };
  const brands = await request.get('/api/v1/explore/brands');
  expect(brands.status(), await brands.text()).toBe(200);
  const { items } = (await brands.json()) as { items: { id: string }[] };
  expect(items.length, 'the demo content has brands').toBeGreaterThan(0);
  return { user, postId, albumId, brandId: items[0]!.id };
}

/** Every path of the route table, with real ids where a route takes one. */
function routeTable(f: Fixture, signedIn: boolean): string[] {
  return [
    '/',
    '/explore',
    '/explore/brands',
    `/explore/brands/${f.brandId}`,
    '/explore/creators',
    '/explore/trending',
    '/explore/albums',
    `/explore/albums/${f.albumId}`,
    '/explore/category/casual',
    '/wishlist',
    '/wishlist/posts',
    '/wishlist/products',
    '/wishlist/albums',
    `/album/${f.albumId}/posts`,
    '/messages',
    '/profile',
    `/profile/${f.user.username}`,
    '/create-post',
    // Signed out, /edit-post sends the visitor to /auth (checked in posts.spec.ts).
    ...(signedIn ? [`/edit-post/${f.postId}`] : []),
    `/post/${f.postId}`,
    '/settings/security',
    '/settings/blocked',
    '/settings/activity',
    '/activity',
    '/tag/a11y',
    // A visitor is asked to sign in; the fixture's user is no administrator: the refusal (the
    // administrator's screen is scanned in moderation.spec.ts, en and he).
    '/settings/moderation',
    '/explore/preferences',
    '/no-such-page',
    // Bare screens: a signed-in visitor is sent home from /auth, so they are checked signed out.
    ...(signedIn ? [] : ['/auth', '/auth/forgot', '/auth/reset', '/onboarding']),
  ];
}

/** Waits until the screen has rendered its data: no loading state, no skeleton left. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('main .animate-pulse')).toHaveCount(0, { timeout: 15_000 });
  // Colours halfway through a transition are not the page's (content fading in read as grey on grey):
  // wait until no animation that ends is running, checked twice 250 ms apart.
  const fading = () =>
    page.evaluate(async () => {
      await new Promise((resolve) => setTimeout(resolve, 250));
      return document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
        ).length;
    });
  for (let check = 0; check < 2; check++) {
    await expect.poll(fading, { timeout: 10_000, intervals: [0] }).toBe(0);
  }
}

async function scanRoutes(page: Page, paths: string[], language: string): Promise<string[]> {
  const failures: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    try {
      await settle(page);
      await expectNoSeriousA11yViolations(page, `${path} (${language})`);
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  return failures;
}

let fixture: Fixture;

test.beforeAll(async ({ request }) => {
  fixture = await createFixture(request);
});

for (const language of ['en', 'he'] as const) {
  test.describe(`axe on every route (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      test.setTimeout(600_000);
      await markOnboarded(page);
      await page.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
    });

    test('as a visitor', async ({ page }) => {
      const failures = await scanRoutes(page, routeTable(fixture, false), language);
      expect(failures).toEqual([]);
    });

    test('signed in', async ({ page }) => {
      await page.goto('/auth');
      if (language === 'en') {
        await signInThroughUi(page, fixture.user.email, PASSWORD);
      } else {
        // The sign-in helper speaks English; in Hebrew the form is filled by its fields' types.
        await page.getByRole('tab').first().click();
        await page.locator('input[type="email"]').fill(fixture.user.email);
        await page.locator('input[type="password"]').fill(PASSWORD);
        await page.locator('form button[type="submit"]').click();
        await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
      }
      const failures = await scanRoutes(page, routeTable(fixture, true), language);
      expect(failures).toEqual([]);
    });
  });
}

interface FocusStop {
  description: string;
  visible: boolean;
  indicated: boolean;
  /** Has a name for assistive technology (an icon-only button needs its aria-label). */
  named: boolean;
  /** Lies under the sticky header or the fixed bottom navigation (WCAG 2.4.11 Focus Not Obscured). */
  obscured: boolean;
}

/**
 * Presses `key` (Tab, or Shift+Tab to walk back) `count` times and describes where focus lands each
 * time, where the browser itself scrolled it to.
 */
async function tabThrough(page: Page, count: number, key = 'Tab'): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  for (let i = 0; i < count; i += 1) {
    await page.keyboard.press(key);
    stops.push(
      await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) {
          return { description: 'body', visible: true, indicated: true, named: true, obscured: false };
        }
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        const visible =
          box.width > 0 &&
          box.height > 0 &&
          style.visibility !== 'hidden' &&
          Number(style.opacity) > 0 &&
          box.bottom > 0 &&
          box.top < window.innerHeight &&
          box.right > 0 &&
          box.left < window.innerWidth;
        const outlined = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
        const ringed = style.boxShadow !== 'none' && style.boxShadow !== '';
        const labelledBy = (element.getAttribute('aria-labelledby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ');
        const images = Array.from(element.querySelectorAll('img[alt]'), (img) => img.getAttribute('alt'));
        const name = [
          element.getAttribute('aria-label'),
          labelledBy,
          element.textContent,
          element.getAttribute('title'),
          (element as HTMLInputElement).labels?.[0]?.textContent,
          element.getAttribute('placeholder'),
          ...images,
        ]
          .map((text) => text?.trim() ?? '')
          .find((text) => text.length > 0);
        // What is drawn at the element's centre: the header or the navigation, when they cover it.
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        const bar = hit?.closest('header, nav');
        const obscured = bar !== null && bar !== undefined && !bar.contains(element);
        return {
          description: `${element.tagName.toLowerCase()} "${name?.slice(0, 40) ?? element.outerHTML.slice(0, 80)}"`,
          visible,
          indicated: outlined || ringed,
          named: name !== undefined,
          obscured,
        };
      }),
    );
  }
  return stops;
}

test.describe('keyboard', () => {
  for (const path of ['/', '/explore']) {
    test(`tabbing through ${path} lands only on visible, named elements that show focus`, async ({
      page,
    }) => {
      await markOnboarded(page);
      await page.goto(path);
      await settle(page);
      const stops = await tabThrough(page, 30);
      const focused = stops.filter((stop) => stop.description !== 'body');
      expect(focused.length, 'focus reaches the page').toBeGreaterThan(5);
      expect(focused.filter((stop) => !stop.visible).map((stop) => stop.description)).toEqual([]);
      expect(focused.filter((stop) => !stop.indicated).map((stop) => stop.description)).toEqual([]);
      expect(focused.filter((stop) => !stop.named).map((stop) => stop.description)).toEqual([]);
      expect(focused.filter((stop) => stop.obscured).map((stop) => stop.description)).toEqual([]);
    });
  }

  test('focus is never hidden under the header or the bottom navigation, and always shows, walking down and back up', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // A saved product, so /wishlist lists product rows.
    const headers = { authorization: `Bearer ${fixture.user.token}` };
    const post = await request.get(`/api/v1/posts/${fixture.postId}`, { headers });
    const { items } = (await post.json()) as { items: { id: string }[] };
    const saved = await request.put(`/api/v1/items/${items[0]!.id}/save`, { headers });
    expect(saved.status(), await saved.text()).toBe(200);

    await markOnboarded(page);
    await signInThroughUi(page, fixture.user.email, PASSWORD);
    const obscured: string[] = [];
    const unindicated: string[] = [];
    for (const path of ['/create-post', '/wishlist', '/profile', '/']) {
      await page.goto(path);
      await settle(page);
      const stops = [...(await tabThrough(page, 45)), ...(await tabThrough(page, 30, 'Shift+Tab'))];
      obscured.push(...stops.filter((stop) => stop.obscured).map((stop) => `${path}: ${stop.description}`));
      // Every stop shows its focus (the profile's tab panels take focus and used to hide it).
      unindicated.push(
        ...stops
          .filter((stop) => stop.description !== 'body' && !stop.indicated)
          .map((stop) => `${path}: ${stop.description}`),
      );
    }
    expect(obscured).toEqual([]);
    expect(unindicated).toEqual([]);
  });
});

test.describe('keyboard focus after a dialog', () => {
  /** Opens a dialog with Enter on `opener`, closes it with `close`, and expects the focus back on `opener`. */
  async function expectFocusReturns(page: Page, opener: Locator, dialogName: string, close: 'Escape' | 'X') {
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: dialogName });
    await expect(dialog).toBeVisible();
    if (close === 'Escape') await page.keyboard.press('Escape');
    else await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    // It used to fall to <body>: a keyboard user started again at the top of the page.
    await expect(opener).toBeFocused();
  }

  test('returns to the control that opened it: Filter on /explore, Outfit items on a card and the swipe card', async ({
    page,
  }) => {
    await markOnboarded(page);
    await page.goto('/explore');
    const filter = page.getByRole('button', { name: 'Filter', exact: true });
    await expectFocusReturns(page, filter, 'Filter By...', 'Escape');
    await expectFocusReturns(page, filter, 'Filter By...', 'X');

    await page.goto('/');
    const cardItems = page
      .getByRole('feed')
      .getByRole('article')
      .first()
      .getByRole('button', {
        name: /^Outfit items/,
      });
    await expectFocusReturns(page, cardItems, 'Outfit Items', 'Escape');

    await page.goto('/explore?swipe=1');
    await expect(page.getByTestId('swipe-card')).toBeVisible();
    const swipeItems = page.getByTestId('swipe-card').getByRole('button', { name: /^Outfit items/ });
    await expectFocusReturns(page, swipeItems, 'Outfit Items', 'Escape');
  });
});

test.describe('WCAG 2.2 target size (minimum)', () => {
  // Not among the wcag2a/wcag2aa rules above; Lighthouse's accessibility score counts it. A post with
  // two images, so the media carousel shows its dots (the targets that were 20x24 px).
  for (const language of ['en', 'he'] as const) {
    test(`home and post detail have no target under 24x24 px that is too close to another (${language})`, async ({
      page,
      request,
    }) => {
      const user = await createApiUser(request, 'targets');
      const headers = { authorization: `Bearer ${user.token}` };
      const media = [];
      for (const [index, colour] of [
        [0, [200, 80, 120]],
        [1, [80, 120, 200]],
      ] as const) {
        const upload = await request.post('/api/v1/storage/post-media', {
          headers,
          multipart: { file: pngFile(`look-${index}.png`, [...colour]) },
        });
        expect(upload.status(), await upload.text()).toBe(201);
        media.push({
          url: ((await upload.json()) as { public_url: string }).public_url,
          type: 'image',
          order: index,
        });
      }
      const created = await request.post('/api/v1/posts', {
        headers,
        data: {
          caption: 'Two looks #targets',
          media,
          items: [{ link: 'https://shop.example/dress', brand: 'Zara', price: '90', currency: 'ILS' }],
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: string };

      await markOnboarded(page);
      await page.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
      for (const path of ['/', `/post/${id}`]) {
        await page.goto(path);
        await settle(page);
        const dots = page
          .getByRole('button', { name: language === 'en' ? 'Show 1 of 2' : 'הצגת 1 מתוך 2', exact: true })
          .first();
        await expect(dots).toBeVisible();
        const results = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
        const report = results.violations.flatMap((violation) =>
          violation.nodes.map((node) => `${path}: ${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
        );
        expect(report, `target-size on ${path} (${language})`).toEqual([]);
        const box = await dots.boundingBox();
        expect(box?.width, 'carousel dot width').toBeGreaterThanOrEqual(24);
        expect(box?.height, 'carousel dot height').toBeGreaterThanOrEqual(24);
      }
    });
  }
});

test.describe('toasts', () => {
  // The other scans leave the toast area out (a toast running out mid-scan is measured mid-fade): here
  // one is held open under the pointer (Sonner pauses it) and scanned on its own, with its description.
  test('an error toast held under the pointer has no serious violations', async ({ page }) => {
    await markOnboarded(page);
    await page.goto('/auth');
    await submitAuthForm(page, 'Sign In', uniqueEmail(), 'not-the-password');
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Sign In Error' });
    await toast.hover();
    await expect(toast).toHaveAttribute('data-mounted', 'true');
    await expect(toast.getByText('Invalid login credentials')).toBeVisible();
    await page.evaluate(() => {
      for (const animation of document.getAnimations()) {
        if (!Number.isFinite(Number(animation.effect?.getComputedTiming().endTime))) continue;
        animation.finish();
      }
    });
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa'])
      .include('[data-sonner-toaster]')
      .analyze();
    const report = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    expect(report, 'axe on an error toast').toEqual([]);
    expect(
      results.passes.some((rule) => rule.id === 'color-contrast'),
      'the toast text was measured',
    ).toBe(true);
  });
});
