import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { PASSWORD } from './support/auth';
import { publishThroughApi } from './support/posts';
import { markOnboarded } from './support/shell';

/**
 * The main screens at a phone's, a tablet's, a laptop's and a desktop's width, in English and Hebrew,
 * compared with the committed baselines (layouts.spec.ts-snapshots/): a layout that moves fails here.
 * The content is made here with fixed text and solid-colour pictures, and the screens show only it (a
 * search for the word all its captions share, the author's own profile), so other journeys' posts on
 * the same server change nothing. Generate the baselines again with `--update-snapshots` after a
 * deliberate change, and look at them.
 */

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'desktop', width: 1920, height: 1080 },
] as const;
const LANGUAGES = ['en', 'he'] as const;
const NAV_LABEL = { en: 'Main', he: 'ראשי' } as const;

// The word every caption carries, and no other journey uses.
const TERM = 'plumtweed';
const MODEL = { email: 'layouts-model@e2e.test', username: 'layouts_model', name: 'Noa Layout' };
const LOOKS: { caption: string; rgb: readonly [number, number, number] }[] = [
  { caption: `Plum tweed blazer over a cream knit, wide trousers #${TERM}`, rgb: [120, 70, 110] },
  { caption: `Sunday market: linen shirt and sage chinos #${TERM}`, rgb: [150, 170, 140] },
  { caption: `Navy slip dress with a camel coat #${TERM}`, rgb: [40, 55, 90] },
  { caption: `Rust corduroy jacket, white tee, dark denim #${TERM}`, rgb: [170, 90, 50] },
  { caption: `Stone trench and loafers for a grey morning #${TERM}`, rgb: [190, 180, 165] },
  { caption: `Mustard cardigan, pleated skirt #${TERM}`, rgb: [210, 170, 60] },
];

interface Fixture {
  postId: string;
}

async function signIn(request: APIRequestContext): Promise<string | null> {
  const response = await request.post('/auth/v1/token?grant_type=password', {
    data: { email: MODEL.email, password: PASSWORD },
  });
  return response.ok() ? ((await response.json()) as { access_token: string }).access_token : null;
}

async function modelPosts(request: APIRequestContext): Promise<string[]> {
  const response = await request.get(`/api/v1/profiles/${MODEL.username}/posts`);
  if (!response.ok()) return [];
  return ((await response.json()) as { items: { id: string }[] }).items.map((post) => post.id);
}

/**
 * The model and their six looks, made once per server: the worker whose sign-up succeeds makes them,
 * any other (a second worker, a retry) waits until they are there. The first look is the one shown.
 */
async function ensureModel(request: APIRequestContext): Promise<Fixture> {
  const signUp = await request.post('/auth/v1/signup', { data: { email: MODEL.email, password: PASSWORD } });
  if (signUp.ok()) {
    const { access_token: token } = (await signUp.json()) as { access_token: string };
    const profile = await request.patch('/api/v1/profiles/me', {
      headers: { authorization: `Bearer ${token}` },
      data: { username: MODEL.username, display_name: MODEL.name },
    });
    expect(profile.status(), await profile.text()).toBe(200);
    for (const look of LOOKS) {
      await publishThroughApi(request, token, look.caption, {
        rgb: look.rgb,
        items: [{ link: 'https://shop.example/look', brand: 'Zara', price: '80', currency: 'ILS' }],
      });
    }
  } else {
    expect(await signIn(request), 'the model exists').not.toBeNull();
  }
  let ids: string[] = [];
  await expect
    .poll(
      async () => {
        ids = await modelPosts(request);
        return ids.length;
      },
      { timeout: 120_000 },
    )
    .toBe(LOOKS.length);
  // Newest first: the last is the first look.
  return { postId: ids.at(-1)! };
}

let fixture: Fixture;

test.beforeAll(async ({ request }) => {
  fixture = await ensureModel(request);
});

test.beforeEach(async ({ page }) => {
  await markOnboarded(page);
});

/** Every picture in view has loaded (or failed) and the fonts are in. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const inView = Array.from(document.images).filter((image) => {
      const box = image.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
    });
    await Promise.all(inView.map((image) => image.decode().catch(() => null)));
  });
}

/**
 * Opens `path` in each language and compares the viewport at each width with its baseline
 * (`<screen>-<language>-<width>.png`). `ready`: what shows once the screen has its content.
 */
async function compareAtEveryWidth(
  page: Page,
  screen: string,
  path: string,
  ready: (page: Page) => Locator,
  mask: (page: Page) => Locator[] = () => [],
) {
  for (const language of LANGUAGES) {
    await page.setViewportSize({ width: WIDTHS[0].width, height: WIDTHS[0].height });
    await page.goto(path);
    await page.evaluate((lang) => window.localStorage.setItem('lang', lang), language);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    for (const { name, width, height } of WIDTHS) {
      await page.setViewportSize({ width, height });
      await page.evaluate(() => window.scrollTo(0, 0));
      // Generous: on a loaded two-core machine the first answers can take a while.
      await expect(ready(page)).toBeVisible({ timeout: 30_000 });
      // The navigation fits the width: the bar on a phone, the rail from tablet width.
      await expect(page.getByRole('navigation', { name: NAV_LABEL[language] })).toBeVisible();
      await settle(page);
      await expect(page, `${screen} in ${language} at ${width} px`).toHaveScreenshot(
        `${screen}-${language}-${name}.png`,
        { animations: 'disabled', caret: 'hide', maxDiffPixelRatio: 0.02, mask: mask(page) },
      );
    }
  }
}

test('home feed at every width', async ({ page }) => {
  test.setTimeout(480_000);
  await compareAtEveryWidth(
    page,
    'home',
    `/?q=${TERM}`,
    (p) => p.locator('article[data-post-card]').first().locator('img').first(),
    // The side column (laptop and wider) shows the whole server's creators and products.
    (p) => [p.locator('aside').locator('xpath=../..')],
  );
});

test('explore search at every width', async ({ page }) => {
  test.setTimeout(480_000);
  await compareAtEveryWidth(page, 'explore', `/explore?q=${TERM}`, (p) =>
    p.locator(`a[href="/post/${fixture.postId}"]`).first(),
  );
});

test('post detail at every width', async ({ page }) => {
  test.setTimeout(480_000);
  await compareAtEveryWidth(page, 'post', `/post/${fixture.postId}`, (p) =>
    p.locator('article[data-post-card] img').first(),
  );
});

test('profile at every width', async ({ page }) => {
  test.setTimeout(480_000);
  // The profile shows the newest looks first.
  await compareAtEveryWidth(page, 'profile', `/profile/${MODEL.username}`, (p) =>
    p.locator('main a[href^="/post/"]').first(),
  );
});
