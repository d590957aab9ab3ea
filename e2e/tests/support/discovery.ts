import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { PASSWORD } from './auth';

/** A post as the API answers it (the fields the discovery journeys read). */
export interface ApiPost {
  id: string;
  caption: string | null;
  author: { id: string; username: string | null };
  items: { color: string | null; size: string | null }[];
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** GET /api/v1{path} as `token` (or as a visitor), expecting 200. */
export async function getJson<T>(request: APIRequestContext, path: string, token?: string): Promise<T> {
  const response = await request.get(`/api/v1${path}`, { headers: token ? bearer(token) : {} });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** An access token for an account, as a second device would sign in. */
export async function passwordToken(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/auth/v1/token?grant_type=password', {
    data: { email, password: PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The swipe card. */
export function swipeCard(page: Page): Locator {
  return page.getByTestId('swipe-card');
}

/** Waits until the deck announces outfit `index` (1-based). */
export async function expectOutfit(page: Page, index: number): Promise<void> {
  await expect(page.getByText(new RegExp(`^Outfit ${index} of \\d+, by `))).toBeAttached();
}

/** Drags the card `dx` px sideways with the mouse, in small steps as a hand would. */
export async function dragCard(page: Page, dx: number): Promise<void> {
  // The next card slides in (a 300 ms transition): grab it only once it has come to rest, or the press
  // can land beside it on a busy machine and the drag moves nothing.
  const card = swipeCard(page);
  await card.evaluate((element) =>
    Promise.all(element.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  await card.hover();
  const box = await card.boundingBox();
  if (!box) throw new Error('no swipe card');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 3;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 12 });
  await page.mouse.up();
}

/** Local swipe events of this browser ('swipeEvents'). */
export async function localSwipeEvents(page: Page): Promise<{ outfit_id: string; action: string }[]> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem('swipeEvents') ?? '[]'));
}
