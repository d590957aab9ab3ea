import { expect, type Locator, type Page, test } from '@playwright/test';
import { createApiUser } from './support/people';
import { publishThroughApi, recordWebm } from './support/posts';
import { markOnboarded } from './support/shell';

/**
 * Video as a feed app plays it (issue 18): muted while in view, paused when it leaves or when the
 * person pauses it, a tap for sound, nothing on its own with reduced motion, and in grids a still
 * frame with a play mark, never the native player. The video is recorded by the browser itself.
 */

const isPaused = (video: Locator) => video.evaluate((element: HTMLVideoElement) => element.paused);
const isMuted = (video: Locator) => video.evaluate((element: HTMLVideoElement) => element.muted);

async function publishVideoPost(page: Page, request: Parameters<typeof createApiUser>[0]) {
  const author = await createApiUser(request, 'video');
  await page.goto('/');
  const video = await recordWebm(page);
  expect(video.buffer.length, 'the browser recorded a video').toBeGreaterThan(1000);
  const post = await publishThroughApi(request, author.token, 'A walk in the new coat #video', {
    files: [video],
  });
  // The server transcodes the video in a background job; until it is ready only its author sees the
  // post. Then everyone gets an MP4 and a poster frame.
  let media: { media_url: string; poster_url: string | null; status: string } | undefined;
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/v1/posts/${post.id}`);
        if (answer.status() !== 200) return answer.status();
        media = ((await answer.json()) as { media: NonNullable<typeof media>[] }).media[0];
        return media?.status;
      },
      { timeout: 60_000, message: 'the video becomes ready for everyone' },
    )
    .toBe('ready');
  expect(media?.media_url).toMatch(/\.mp4$/);
  expect(media?.poster_url).toBeTruthy();
  return { postId: post.id, username: post.author.username };
}

test.describe('video', () => {
  test.beforeEach(async ({ page }) => {
    await markOnboarded(page);
  });

  test('plays muted in view with its own buttons, sound on a tap, and stands still in a grid', async ({
    page,
    request,
  }) => {
    const { postId, username } = await publishVideoPost(page, request);

    await page.goto(`/post/${postId}`);
    const video = page.locator('main video').first();
    await expect(video).toBeVisible();
    expect(await video.getAttribute('controls'), 'no native player controls').toBeNull();
    await expect.poll(() => isPaused(video), { timeout: 15_000 }).toBe(false);
    expect(await isMuted(video)).toBe(true);

    await page.getByRole('button', { name: 'Turn sound on' }).click();
    expect(await isMuted(video)).toBe(false);
    await page.getByRole('button', { name: 'Turn sound off' }).click();
    expect(await isMuted(video)).toBe(true);

    await page.getByRole('button', { name: 'Pause video' }).click();
    await expect.poll(() => isPaused(video)).toBe(true);
    await expect(page.getByRole('button', { name: 'Play video' })).toBeVisible();

    // The author's grid: the poster frame with a play mark; no player is loaded at all.
    await page.goto(`/profile/${username}`);
    await expect(page.getByTestId('video-mark').first()).toBeVisible();
    const cell = page
      .locator('main li')
      .filter({ has: page.getByTestId('video-mark') })
      .first();
    await expect
      .poll(() =>
        cell
          .locator('img')
          .first()
          .evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBeGreaterThan(0);
    await expect(page.locator('main li video')).toHaveCount(0);
  });

  test('nothing plays on its own with reduced motion; the play button does, in Hebrew too', async ({
    page,
    request,
  }) => {
    const { postId } = await publishVideoPost(page, request);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.addInitScript(() => window.localStorage.setItem('lang', 'he'));

    await page.goto(`/post/${postId}`);
    const video = page.locator('main video').first();
    await expect(video).toBeVisible();
    const play = page.getByRole('button', { name: 'הפעלת הסרטון' });
    await expect(play).toBeVisible();
    // Give it the time autoplay would have taken: it must still be paused.
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
      .toBeGreaterThan(0);
    expect(await isPaused(video)).toBe(true);

    await play.click();
    await expect.poll(() => isPaused(video)).toBe(false);
    await expect(page.getByRole('button', { name: 'השהיית הסרטון' })).toBeVisible();
  });

  test('a video in the feed pauses when it scrolls out of view', async ({ page, request }) => {
    await publishVideoPost(page, request);
    await page.goto('/');
    const video = page.locator('main video').first();
    await video.scrollIntoViewIfNeeded();
    await expect.poll(() => isPaused(video), { timeout: 15_000 }).toBe(false);
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => isPaused(video)).toBe(true);
  });
});
