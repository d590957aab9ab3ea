import type { BrandList } from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { publishPost } from '../../test/media.ts';
import { createUser, TEST_RATE_LIMITS } from '../../test/users.ts';

let ctx: TestApp;

beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
});
afterAll(() => ctx.close());

async function getJson<T>(url: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1${url}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

describe('brands', () => {
  it('makes a brand only when a post that uses it is published or saved, never by itself', async () => {
    const names = async () => (await getJson<BrandList>('/brands')).items.map((brand) => brand.name);
    const author = await createUser(ctx.app);
    // Typing a brand into the form creates nothing: there is no route that adds a brand alone.
    for (const user of [author, null]) {
      const typed = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/brands',
        headers: user ? user.headers : {},
        payload: { name: 'Typed Never Published' },
      });
      expect(typed.statusCode).toBe(404);
    }
    expect(await names()).not.toContain('Typed Never Published');

    // Publishing a post with a new brand creates it, counted once.
    const { id: post } = await publishPost(ctx.app, author, {
      items: [{ link: 'https://shop.example.com/a', brand: 'Fresh Label' }],
    });
    expect((await getJson<BrandList>('/brands')).items.find((b) => b.name === 'Fresh Label')).toMatchObject({
      usage_count: 1,
    });
    // Saving an edit that adds a brand creates that one too, in the same write.
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/posts/${post}`,
      headers: author.headers,
      payload: {
        items: [
          { link: 'https://shop.example.com/a', brand: 'Fresh Label' },
          { link: 'https://shop.example.com/b', brand: 'Edited In Label' },
        ],
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await names()).toEqual(expect.arrayContaining(['Fresh Label', 'Edited In Label']));
  });
});
