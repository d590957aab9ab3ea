import { type APIRequestContext, expect, test } from '@playwright/test';
import { signInThroughUi } from './support/auth';
import { getJson } from './support/discovery';
import { type ApiUser, createApiUser, followThroughApi } from './support/people';
import { publishThroughApi } from './support/posts';
import { markOnboarded } from './support/shell';

async function as(
  request: APIRequestContext,
  user: ApiUser,
  method: 'PUT' | 'POST',
  path: string,
  data?: object,
) {
  const response = await request.fetch(`/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${user.token}` },
    ...(data ? { data } : {}),
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** The kinds (and actors) of the recipient's Activity, newest first. */
async function activity(request: APIRequestContext, user: ApiUser) {
  const page = await getJson<{ items: { kind: string; actors: { username: string }[] }[] }>(
    request,
    '/activity',
    user.token,
  );
  return page.items.map((item) => `${item.kind}:${item.actors.map((a) => a.username).join(',')}`);
}

test.describe('activity settings', () => {
  test('a kind turned off no longer arrives; a muted person neither, until unmuted', async ({
    page,
    request,
  }) => {
    test.slow();
    const ann = await createApiUser(request, 'ann');
    const post = await publishThroughApi(request, ann.token, 'Wool and denim');
    const ben = await createApiUser(request, 'ben');
    const cleo = await createApiUser(request, 'cleo');

    await markOnboarded(page);
    await signInThroughUi(page, ann.email);
    await page.goto('/settings/activity');
    const likes = page.getByRole('switch', { name: 'Likes', exact: true });
    await expect(likes).toBeChecked();
    await likes.click();
    await expect(likes).not.toBeChecked();
    // Saved on the server, not only on the screen.
    await expect
      .poll(
        async () =>
          (await getJson<{ kinds: Record<string, boolean> }>(request, '/me/activity-settings', ann.token))
            .kinds.like,
      )
      .toBe(false);

    // Ben likes, then follows: the follow arrives, the like never does.
    await as(request, ben, 'PUT', `/posts/${post.id}/like`);
    await followThroughApi(request, ben, ann);
    await expect.poll(() => activity(request, ann)).toEqual([`follow:${ben.username}`]);

    // Ann mutes Cleo from her profile's menu.
    await page.goto(`/profile/${cleo.username}`);
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Mute' }).click();
    await expect(page.getByText(/is muted/)).toBeVisible();
    await as(request, cleo, 'POST', `/posts/${post.id}/comments`, { body: 'Muted words' });
    await followThroughApi(request, cleo, ann);
    // Something that does arrive, after Cleo's actions: then nothing of hers came before it.
    const dana = await createApiUser(request, 'dana');
    await followThroughApi(request, dana, ann);
    await expect.poll(() => activity(request, ann)).toEqual([`follow:${dana.username},${ben.username}`]);

    // Unmuted from /settings/activity, Cleo is heard again.
    await page.goto('/settings/activity');
    const muted = page.getByRole('list', { name: 'Muted people' });
    await expect(muted.getByRole('link', { name: cleo.username })).toBeVisible();
    await muted.getByRole('button', { name: new RegExp(`^Unmute .*${cleo.username}`) }).click();
    await expect(muted.getByRole('link', { name: cleo.username })).toHaveCount(0);
    await as(request, cleo, 'POST', `/posts/${post.id}/comments`, { body: 'Heard now' });
    await expect.poll(async () => (await activity(request, ann))[0]).toBe(`comment:${cleo.username}`);
  });
});
