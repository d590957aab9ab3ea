import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type CreatePostBody,
  POST_MESSAGES,
  type Post,
  type PostPage,
  PostSchema,
  type SavedPost,
  type UploadResponse,
} from '@sys/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { postBody, publishPost, uploadImage } from '../../test/media.ts';
import { countStatements } from '../../test/statements.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

let ctx: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
  alice = await createUser(ctx.app);
  bob = await createUser(ctx.app);
});
afterAll(() => ctx.close());

const query = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  ctx.app.database.query<T>(sql, params);

function createPost(user: TestUser | null, payload: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/posts',
    headers: user ? user.headers : {},
    payload: payload as Record<string, unknown>,
  });
}

function patchPost(user: TestUser | null, id: string, payload: unknown) {
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/v1/posts/${id}`,
    headers: user ? user.headers : {},
    payload: payload as Record<string, unknown>,
  });
}

async function getPost(id: string, user?: TestUser) {
  return ctx.app.inject({ method: 'GET', url: `/api/v1/posts/${id}`, headers: user ? user.headers : {} });
}

async function rowCounts(postId: string) {
  const [row] = await query<{ posts: number; media: number; items: number }>(
    `select (select count(*)::int from posts where id = $1) as posts,
            (select count(*)::int from post_media where post_id = $1) as media,
            (select count(*)::int from post_items where post_id = $1) as items`,
    [postId],
  );
  return row!;
}

describe('creating posts', () => {
  it('publishes a post with one image; styles are appended to the caption', async () => {
    const [image] = [await uploadImage(ctx.app, alice)];
    const response = await createPost(alice, {
      caption: 'Sunday brunch',
      styles: ['Casual', 'Plus Size'],
      media: [{ url: image!.public_url, type: 'image' }],
    });
    expect(response.statusCode).toBe(201);
    const { dropped_item_images: droppedItemImages, ...post } = response.json() as SavedPost;
    expect(droppedItemImages).toEqual([]);
    expect(post).toMatchObject({
      caption: 'Sunday brunch #Casual #PlusSize',
      media_url: image!.public_url,
      media_type: 'image',
      visibility: 'public',
      items: [],
      like_count: 0,
      comment_count: 0,
      liked_by_me: false,
      saved_by_me: false,
      following_author: false,
      author: { id: alice.id, username: expect.any(String) },
    });
    expect(post.media).toEqual([
      expect.objectContaining({
        media_url: image!.public_url,
        media_type: 'image',
        media_order: 0,
        width: 64,
        height: 48,
      }),
    ]);
    // A ThumbHash of the photo, in base64 (drawn by the web app while the photo loads).
    expect(post.media[0]!.placeholder).toMatch(/^[A-Za-z0-9+/]{16,}={0,2}$/);

    const read = await getPost(post.id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(post);
  });

  it('publishes five media sorted by their order and several items in one go', async () => {
    // Other tests of this file tag Zara too: the counts are compared with what they were before.
    const brandUsage = async () =>
      Object.fromEntries(
        (
          await query<{ name: string; usage_count: number }>(
            `select name, usage_count from brands where lower(name) in ('zara', 'my own label')`,
          )
        ).map((row) => [row.name, row.usage_count]),
      );
    const before = await brandUsage();
    expect(before['My Own Label']).toBeUndefined();
    const media = await Promise.all(Array.from({ length: 5 }, () => uploadImage(ctx.app, alice)));
    const response = await createPost(alice, {
      caption: 'Five angles',
      // Sent shuffled: the post keeps the gallery order and numbers it from 0.
      media: [3, 0, 4, 1, 2].map((order) => ({ url: media[order]!.public_url, type: 'image', order })),
      items: [
        {
          item_type: 'dress',
          brand: 'Zara',
          link: 'https://shop.example.com/a',
          size: 'm',
          color: 'Black',
          price: '12.5',
        },
        {
          item_type: 'Bag',
          brand: 'My Own Label',
          link: 'http://shop.example.com/b',
          price: '',
          currency: 'USD',
        },
        {
          item_type: 'Jumpsuit thing',
          brand: 'zara',
          link: 'https://shop.example.com/c',
          size: 'Custom 7/8',
          color: 'None',
          pattern: 'floral',
          price: 99,
          currency: 'EUR',
          title: 'Linen jumpsuit',
          // A documentation address: refused by the address policy before any lookup or connection.
          image_url: 'https://192.0.2.10/c.jpg',
        },
      ],
    });
    expect(response.statusCode).toBe(201);
    const post = response.json() as SavedPost;
    // Product image links are stored as our media, or dropped (posts.product-images.test.ts).
    expect(post.dropped_item_images).toEqual([
      { index: 2, url: 'https://192.0.2.10/c.jpg', reason: 'This address cannot be scraped' },
    ]);
    expect(post.media.map((m) => m.media_url)).toEqual(media.map((m) => m.public_url));
    expect(post.media.map((m) => m.media_order)).toEqual([0, 1, 2, 3, 4]);
    expect(post.media_url).toBe(media[0]!.public_url);
    expect(post.items).toEqual([
      expect.objectContaining({
        item_type: 'Dress',
        brand: 'Zara',
        size: 'M',
        color: 'Black',
        pattern: null,
        price: 12.5,
        currency: 'ILS',
      }),
      expect.objectContaining({ item_type: 'Bag', brand: 'My Own Label', price: null, currency: 'USD' }),
      expect.objectContaining({
        item_type: 'Jumpsuit thing',
        size: 'Custom 7/8',
        color: null,
        pattern: 'Floral',
        price: 99,
        currency: 'EUR',
        title: 'Linen jumpsuit',
        image_url: null,
      }),
    ]);
    expect(await rowCounts(post.id)).toEqual({ posts: 1, media: 5, items: 3 });

    // Brands are counted once per post; a new brand is created.
    expect(await brandUsage()).toEqual({ 'My Own Label': 1, Zara: (before.Zara ?? 0) + 1 });
  });

  it('refuses a post without media, or with six', async () => {
    const media = await Promise.all(Array.from({ length: 6 }, () => uploadImage(ctx.app, alice)));
    for (const payload of [
      { caption: 'nothing to see', media: [] },
      { caption: 'nothing to see' },
      postBody(media),
    ]) {
      const response = await createPost(alice, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(
        'media' in payload && payload.media.length === 6
          ? POST_MESSAGES.mediaTooMany
          : POST_MESSAGES.mediaRequired,
      );
    }
    expect(POST_MESSAGES.mediaRequired).toBe('Please add at least one image or video');
  });

  it('refuses a caption of 2,201 characters and accepts 2,200', async () => {
    const [image] = [await uploadImage(ctx.app, alice)];
    const tooLong = await createPost(alice, postBody([image!], { caption: 'x'.repeat(2201) }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toMatchObject({
      code: 'validation_failed',
      message: POST_MESSAGES.captionTooLong,
      details: [{ field: 'body.caption', message: POST_MESSAGES.captionTooLong }],
    });
    const longest = await createPost(alice, postBody([image!], { caption: 'x'.repeat(2200) }));
    expect(longest.statusCode).toBe(201);
  });

  it('refuses more than three styles', async () => {
    const [image] = [await uploadImage(ctx.app, alice)];
    const response = await createPost(
      alice,
      postBody([image!], { styles: ['Casual', 'Retro', 'Modern', 'Urban'] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(POST_MESSAGES.tooManyStyles);
  });

  it("refuses an item without a purchase link with the spec's message", async () => {
    const [image] = [await uploadImage(ctx.app, alice)];
    for (const item of [{ brand: 'Zara' }, { brand: 'Zara', link: '' }, { brand: 'Zara', link: '   ' }]) {
      const response = await createPost(alice, postBody([image!], { items: [item as never] }));
      expect(response.statusCode, JSON.stringify(item)).toBe(400);
      expect(response.json().error).toMatchObject({
        message: 'Please add a purchase link for each item',
        details: [{ field: 'body.items.0.link', message: 'Please add a purchase link for each item' }],
      });
    }
  });

  it('refuses a purchase link that is there but wrong, saying what is wrong with it', async () => {
    const [image] = [await uploadImage(ctx.app, alice)];
    for (const [link, message] of [
      ['javascript:alert(1)', POST_MESSAGES.linkNotWeb],
      ['ftp://shop.example.com/dress', POST_MESSAGES.linkNotWeb],
      ['mailto:shop@example.com', POST_MESSAGES.linkNotWeb],
      ['dress', POST_MESSAGES.linkInvalid],
      ['shop example com', POST_MESSAGES.linkInvalid],
    ] as const) {
      const response = await createPost(alice, postBody([image!], { items: [{ link }] }));
      expect(response.statusCode, link).toBe(400);
      expect(response.json().error, link).toMatchObject({
        message,
        details: [{ field: 'body.items.0.link', message }],
      });
    }
  });

  it("stores a link typed without https:// as https ('zara.com/item'), on create and on edit", async () => {
    const [image] = [await uploadImage(ctx.app, alice)];
    const created = await createPost(
      alice,
      postBody([image!], { items: [{ link: ' zara.com/item ' }, { link: '//shop.example.com/b' }] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json() as Post;
    expect(post.items.map((item) => item.link)).toEqual([
      'https://zara.com/item',
      'https://shop.example.com/b',
    ]);
    const edited = await patchPost(alice, post.id, { items: [{ link: 'www.zara.com/other?size=m' }] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as Post).items.map((item) => item.link)).toEqual([
      'https://www.zara.com/other?size=m',
    ]);
    const [row] = await query<{ link: string }>('select link from post_items where post_id = $1', [post.id]);
    expect(row?.link).toBe('https://www.zara.com/other?size=m');
  });

  it("reads prices as the rules say: '12.5' is 12.5, '' is none, 'abc' is refused", async () => {
    const [image] = [await uploadImage(ctx.app, alice)];
    const item = (price: unknown) => ({ link: 'https://shop.example.com/p', price: price as string });
    const ok = await createPost(
      alice,
      postBody([image!], { items: [item('12.5'), item(''), item(null), item(7)] }),
    );
    expect(ok.statusCode).toBe(201);
    expect((ok.json() as Post).items.map((i) => i.price)).toEqual([12.5, null, null, 7]);

    for (const bad of ['abc', '1.234', '-5', '1,5', 12.345, 99_999_999_999]) {
      const response = await createPost(alice, postBody([image!], { items: [item(bad)] }));
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json().error).toMatchObject({
        message: POST_MESSAGES.invalidPrice,
        details: [{ field: 'body.items.0.price' }],
      });
    }
    const badCurrency = await createPost(
      alice,
      postBody([image!], { items: [{ ...item('1'), currency: 'GBP' } as never] }),
    );
    expect(badCurrency.statusCode).toBe(400);
  });

  it('refuses custom values longer than 60 characters', async () => {
    const [image] = [await uploadImage(ctx.app, alice)];
    const response = await createPost(
      alice,
      postBody([image!], { items: [{ link: 'https://shop.example.com/p', size: 'x'.repeat(61) }] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0].field).toBe('body.items.0.size');
  });

  it('accepts only media the author uploaded to SYS', async () => {
    const [own] = [await uploadImage(ctx.app, alice)];
    const [bobs] = [await uploadImage(ctx.app, bob)];
    const missing = own!.public_url.replace(/\/[^/]+$/, '/1700000000000-deadbeef.jpg');
    for (const url of [
      'https://evil.example.com/cat.jpg',
      bobs!.public_url,
      missing,
      '/media/avatars/x/avatar.webp',
      '/media/post-media/../../etc/passwd',
    ]) {
      const response = await createPost(alice, { media: [{ url, type: 'image' }] });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.message).toBe(POST_MESSAGES.mediaNotOurs);
    }
    // Declaring an image a video is refused too.
    const wrongType = await createPost(alice, { media: [{ url: own!.public_url, type: 'video' }] });
    expect(wrongType.statusCode).toBe(400);
    // An item image from someone else's uploads is refused; a scraped http(s) image is fine.
    const foreignItemImage = await createPost(
      alice,
      postBody([own!], { items: [{ link: 'https://shop.example.com/p', image_url: bobs!.public_url }] }),
    );
    expect(foreignItemImage.statusCode).toBe(400);
  });

  it('answers anonymous writes with 401 User not authenticated, whatever the body', async () => {
    const post = await publishPost(ctx.app, alice);
    for (const response of [
      await createPost(null, { media: [] }),
      await createPost(null, { caption: 'x' }),
      await patchPost(null, post.id, { caption: 'hijacked' }),
      await ctx.app.inject({ method: 'DELETE', url: `/api/v1/posts/${post.id}` }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe('User not authenticated');
    }
    expect((await getPost(post.id)).json().caption).toBe(post.caption);
  });

  it('leaves nothing behind when a create fails halfway', async () => {
    // A trigger makes the second item's insert fail after the post and its media were written.
    await ctx.app.database.exec(`
      create function fail_marked_item() returns trigger language plpgsql as $$
      begin
        if new.link like '%fail-on-insert%' then raise exception 'forced failure'; end if;
        return new;
      end $$;
      create trigger fail_marked_item before insert on post_items for each row execute function fail_marked_item();
    `);
    try {
      const before = await query<{ posts: number; media: number; items: number }>(
        `select (select count(*)::int from posts) as posts, (select count(*)::int from post_media) as media,
                (select count(*)::int from post_items) as items`,
      );
      const media = await Promise.all([uploadImage(ctx.app, alice), uploadImage(ctx.app, alice)]);
      const response = await createPost(
        alice,
        postBody(media, {
          caption: 'doomed',
          items: [
            { link: 'https://shop.example.com/ok', brand: 'Doomed Brand' },
            { link: 'https://shop.example.com/fail-on-insert' },
          ],
        }),
      );
      expect(response.statusCode).toBe(500);
      const after = await query(
        `select (select count(*)::int from posts) as posts, (select count(*)::int from post_media) as media,
                (select count(*)::int from post_items) as items`,
      );
      expect(after).toEqual(before);
      expect(await query(`select * from posts where caption = 'doomed'`)).toEqual([]);
      expect(await query(`select * from brands where name = 'Doomed Brand'`)).toEqual([]);
    } finally {
      await ctx.app.database.exec(
        'drop trigger fail_marked_item on post_items; drop function fail_marked_item();',
      );
    }
  });
});

describe('editing and deleting posts', () => {
  it('replaces media and items when given, keeping the ids of items it keeps', async () => {
    const post = await publishPost(
      ctx.app,
      alice,
      {
        items: [
          { link: 'https://shop.example.com/keep', brand: 'Mango', price: '10' },
          { link: 'https://shop.example.com/drop', brand: 'Nike' },
        ],
      },
      2,
    );
    const [kept, dropped] = post.items;
    const fresh = await Promise.all([uploadImage(ctx.app, alice), uploadImage(ctx.app, alice)]);
    // The new gallery: a new image first, then the post's second image, then another new one.
    const response = await patchPost(alice, post.id, {
      caption: 'Edited',
      styles: ['Retro'],
      media: [
        { url: fresh[0]!.public_url, type: 'image' },
        { url: post.media[1]!.media_url, type: 'image' },
        { url: fresh[1]!.public_url, type: 'image' },
      ],
      items: [
        { id: kept!.id, link: 'https://shop.example.com/keep', brand: 'Mango', price: '11.25' },
        { link: 'https://shop.example.com/new', brand: 'Adidas', currency: 'USD', price: 5 },
      ],
    });
    expect(response.statusCode).toBe(200);
    const edited = response.json() as Post;
    expect(edited.caption).toBe('Edited #Retro');
    expect(edited.media.map((m) => [m.media_url, m.media_order])).toEqual([
      [fresh[0]!.public_url, 0],
      [post.media[1]!.media_url, 1],
      [fresh[1]!.public_url, 2],
    ]);
    expect(edited.media_url).toBe(fresh[0]!.public_url);
    expect(edited.items.map((i) => [i.brand, i.price])).toEqual([
      ['Mango', 11.25],
      ['Adidas', 5],
    ]);
    expect(edited.items[0]!.id).toBe(kept!.id);
    expect(edited.items.map((i) => i.id)).not.toContain(dropped!.id);
    expect(new Date(edited.updated_at).getTime()).toBeGreaterThan(new Date(post.updated_at).getTime());
    expect(await rowCounts(post.id)).toEqual({ posts: 1, media: 3, items: 2 });
    expect({ ...(await getPost(post.id)).json(), dropped_item_images: [] }).toEqual(edited);

    // The image no longer shown is deleted with its variants; the kept one stays.
    expect((await ctx.app.inject({ url: post.media[0]!.media_url })).statusCode).toBe(404);
    for (const variant of post.media[0]!.variants) {
      expect((await ctx.app.inject({ url: variant.url })).statusCode).toBe(404);
    }
    expect((await ctx.app.inject({ url: post.media[1]!.media_url })).statusCode).toBe(200);
  });

  it('keeps media and items when only the caption changes', async () => {
    const post = await publishPost(ctx.app, alice, {}, 2);
    const response = await patchPost(alice, post.id, { caption: 'Only the words' });
    expect(response.statusCode).toBe(200);
    const edited = response.json() as Post;
    expect(edited.caption).toBe('Only the words');
    expect(edited.media).toEqual(post.media);
    expect(edited.items).toEqual(post.items);
  });

  it('changes nothing when an edit is invalid', async () => {
    const post = await publishPost(ctx.app, alice, {}, 2);
    const response = await patchPost(alice, post.id, {
      caption: 'Should not stick',
      media: [{ url: post.media[0]!.media_url, type: 'image' }],
      items: [{ link: 'not a link' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(POST_MESSAGES.linkInvalid);
    expect((await getPost(post.id)).json()).toEqual(post);
  });

  it('changes nothing when an edit fails halfway', async () => {
    const post = await publishPost(ctx.app, alice, {}, 2);
    const fresh = await uploadImage(ctx.app, alice);
    // A trigger makes the second new item's insert fail after the caption, media and first item changed.
    await ctx.app.database.exec(`
      create function fail_marked_edit() returns trigger language plpgsql as $$
      begin
        if new.link like '%fail-on-edit%' then raise exception 'forced failure'; end if;
        return new;
      end $$;
      create trigger fail_marked_edit before insert on post_items for each row execute function fail_marked_edit();
    `);
    try {
      const response = await patchPost(alice, post.id, {
        caption: 'Doomed edit',
        styles: ['Retro'],
        media: [{ url: fresh.public_url, type: 'image' }],
        items: [
          { link: 'https://shop.example.com/ok', brand: 'Doomed Edit Brand' },
          { link: 'https://shop.example.com/fail-on-edit' },
        ],
      });
      expect(response.statusCode).toBe(500);
      expect((await getPost(post.id)).json()).toEqual(post);
      expect(await rowCounts(post.id)).toEqual({ posts: 1, media: 2, items: 1 });
      expect(await query(`select * from brands where name = 'Doomed Edit Brand'`)).toEqual([]);
      // The files the edit would have replaced are still there.
      for (const media of post.media) {
        expect((await ctx.app.inject({ url: media.media_url })).statusCode, media.media_url).toBe(200);
      }
    } finally {
      await ctx.app.database.exec(
        'drop trigger fail_marked_edit on post_items; drop function fail_marked_edit();',
      );
    }
  });

  it("answers another user's edit or delete with 403 and changes nothing", async () => {
    const post = await publishPost(ctx.app, alice, {}, 1);
    const edit = await patchPost(bob, post.id, { caption: 'mine now' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error.message).toBe('You can only edit your own posts');
    const remove = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/posts/${post.id}`,
      headers: bob.headers,
    });
    expect(remove.statusCode).toBe(403);
    expect(remove.json().error.message).toBe('You can only edit your own posts');
    expect((await getPost(post.id)).json()).toEqual(post);
    expect((await ctx.app.inject({ url: post.media_url })).statusCode).toBe(200);
  });

  it('answers an unknown post with 404 Post not found', async () => {
    const unknown = '5b0e3c9e-7a4b-4c39-9f7e-0a3c1e2d4f5a';
    for (const response of [
      await getPost(unknown),
      await getPost('not-a-uuid'),
      await patchPost(alice, unknown, { caption: 'x' }),
      await ctx.app.inject({ method: 'DELETE', url: `/api/v1/posts/${unknown}`, headers: alice.headers }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Post not found');
    }
  });

  it('deletes the post with its media, items and stored files', async () => {
    const post = await publishPost(ctx.app, alice, { items: [{ link: 'https://shop.example.com/p' }] }, 2);
    // An item image uploaded by the author goes too.
    const itemImage = await uploadImage(ctx.app, alice);
    await patchPost(alice, post.id, {
      items: [{ link: 'https://shop.example.com/p', image_url: itemImage.public_url }],
    });

    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/posts/${post.id}`,
      headers: alice.headers,
    });
    expect(response.statusCode).toBe(204);
    expect((await getPost(post.id)).statusCode).toBe(404);
    expect(await rowCounts(post.id)).toEqual({ posts: 0, media: 0, items: 0 });
    for (const url of [
      ...post.media.flatMap((m) => [m.media_url, ...m.variants.map((v) => v.url)]),
      itemImage.public_url,
    ]) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(404);
    }
    expect(await query(`select * from storage_objects where path = $1`, [itemImage.path])).toEqual([]);
  });

  it('keeps a file that another post of the author still shows', async () => {
    const shared = await uploadImage(ctx.app, alice);
    const body = postBody([shared]);
    const first = (await createPost(alice, body)).json() as Post;
    const second = (await createPost(alice, body)).json() as Post;
    await ctx.app.inject({ method: 'DELETE', url: `/api/v1/posts/${first.id}`, headers: alice.headers });
    expect((await ctx.app.inject({ url: shared.public_url })).statusCode).toBe(200);
    expect((await getPost(second.id)).statusCode).toBe(200);
  });
});

describe('reading posts', () => {
  it('shows private posts to nobody but their owner', async () => {
    const post = await publishPost(ctx.app, bob);
    await query(`update posts set visibility = 'private' where id = $1`, [post.id]);
    expect((await getPost(post.id)).statusCode).toBe(404);
    expect((await getPost(post.id, alice)).statusCode).toBe(404);
    expect((await getPost(post.id, bob)).statusCode).toBe(200);
    const feed = (
      await ctx.app.inject({ url: '/api/v1/posts?limit=50', headers: bob.headers })
    ).json() as PostPage;
    expect(feed.items.map((p) => p.id)).not.toContain(post.id);
    const username = post.author.username!;
    const ownList = await ctx.app.inject({ url: `/api/v1/profiles/${username}/posts`, headers: bob.headers });
    expect((ownList.json() as PostPage).items.map((p) => p.id)).toContain(post.id);
    const othersView = await ctx.app.inject({
      url: `/api/v1/profiles/${username}/posts`,
      headers: alice.headers,
    });
    expect((othersView.json() as PostPage).items.map((p) => p.id)).not.toContain(post.id);
    const like = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/posts/${post.id}/like`,
      headers: alice.headers,
    });
    expect(like.statusCode).toBe(404);
  });

  it("lists a profile's posts by username, newest first", async () => {
    const carol = await createUser(ctx.app);
    const first = await publishPost(ctx.app, carol, { caption: 'first' });
    const second = await publishPost(ctx.app, carol, { caption: 'second' });
    const username = first.author.username!;
    const response = await ctx.app.inject({ url: `/api/v1/profiles/${username.toUpperCase()}/posts` });
    expect(response.statusCode).toBe(200);
    expect((response.json() as PostPage).items.map((p) => p.id)).toEqual([second.id, first.id]);
    const missing = await ctx.app.inject({ url: '/api/v1/profiles/nobody-by-this-name/posts' });
    expect(missing.statusCode).toBe(404);
  });

  it("keeps every rule in the one statement of a profile's posts and of a post, per viewer", async () => {
    const author = await createUser(ctx.app);
    const [fan, stranger, blocked, blocker] = await Promise.all([
      createUser(ctx.app),
      createUser(ctx.app),
      createUser(ctx.app),
      createUser(ctx.app),
    ]);
    const items = [
      { item_type: 'Dress', link: 'https://shop.example.com/a' },
      { item_type: 'Bag', link: 'https://shop.example.com/b' },
    ];
    const older = await publishPost(ctx.app, author, { caption: 'older', items });
    const hidden = await publishPost(ctx.app, author, { caption: 'private' });
    const gone = await publishPost(ctx.app, author, { caption: 'deleted' });
    const newest = await publishPost(ctx.app, author, { caption: 'newest', items });
    await query(`update posts set visibility = 'private' where id = $1`, [hidden.id]);
    const send = async (user: TestUser, method: 'PUT' | 'POST' | 'DELETE', url: string) => {
      const response = await ctx.app.inject({ method, url: `/api/v1${url}`, headers: user.headers });
      expect(response.statusCode, url).toBeLessThan(300);
    };
    await send(author, 'DELETE', `/posts/${gone.id}`);
    // The fan likes and saves the older post and saves its second product; the stranger does nothing.
    await send(fan, 'PUT', `/posts/${older.id}/like`);
    await send(fan, 'PUT', `/posts/${older.id}/save`);
    await send(fan, 'PUT', `/items/${older.items[1]!.id}/save`);
    await send(author, 'POST', `/blocks/${blocked.id}`);
    await send(blocker, 'POST', `/blocks/${author.id}`);

    const username = older.author.username!;
    const list = async (user?: TestUser) => {
      const response = await ctx.app.inject({
        url: `/api/v1/profiles/${username}/posts?limit=10`,
        headers: user ? user.headers : {},
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as PostPage).items;
    };
    const flags = (post: Post) => [
      post.id,
      post.like_count,
      post.liked_by_me,
      post.saved_by_me,
      post.items.map((item) => item.saved_by_me),
    ];
    // Asked in turn, so that a prepared statement or a cache cannot carry one viewer's flags to another.
    for (let round = 0; round < 2; round += 1) {
      expect((await list(fan)).map(flags)).toEqual([
        [newest.id, 0, false, false, [false, false]],
        [older.id, 1, true, true, [false, true]],
      ]);
      expect((await list(stranger)).map(flags)).toEqual([
        [newest.id, 0, false, false, [false, false]],
        [older.id, 1, false, false, [false, false]],
      ]);
      expect((await list()).map(flags)).toEqual((await list(stranger)).map(flags));
      // The owner sees their private post too; nobody sees the deleted one.
      expect((await list(author)).map((post) => post.id)).toEqual([newest.id, hidden.id, older.id]);
      // Across a block, either way round: nothing, and the post is not found.
      expect(await list(blocked)).toEqual([]);
      expect(await list(blocker)).toEqual([]);

      const fanAnswer = await getPost(older.id, fan);
      // Sent as PostgreSQL wrote it (no parse on the way out): still JSON, still the API's shape.
      expect(fanAnswer.headers['content-type']).toBe('application/json; charset=utf-8');
      const fanView = PostSchema.strict().parse(fanAnswer.json());
      expect(flags(fanView)).toEqual([older.id, 1, true, true, [false, true]]);
      expect(flags((await getPost(older.id, stranger)).json() as Post)).toEqual([
        older.id,
        1,
        false,
        false,
        [false, false],
      ]);
      expect(flags((await getPost(older.id)).json() as Post)).toEqual([
        older.id,
        1,
        false,
        false,
        [false, false],
      ]);
      for (const user of [blocked, blocker]) expect((await getPost(older.id, user)).statusCode).toBe(404);
      for (const user of [undefined, fan, stranger])
        expect((await getPost(hidden.id, user)).statusCode).toBe(404);
      expect((await getPost(hidden.id, author)).json()).toMatchObject({
        id: hidden.id,
        visibility: 'private',
      });
      for (const user of [undefined, fan, author])
        expect((await getPost(gone.id, user)).statusCode).toBe(404);
    }
    // Fresh on the next request: the fan's unlike and the stranger's like show at once.
    await send(fan, 'DELETE', `/posts/${older.id}/like`);
    await send(stranger, 'PUT', `/posts/${older.id}/like`);
    expect((await list(fan)).map(flags)[1]).toEqual([older.id, 1, false, true, [false, true]]);
    expect(flags((await getPost(older.id, stranger)).json() as Post)).toEqual([
      older.id,
      1,
      true,
      false,
      [false, false],
    ]);
    // The author's following flag, per viewer.
    await send(fan, 'PUT', `/profiles/${username}/follow`);
    expect(((await getPost(older.id, fan)).json() as Post).following_author).toBe(true);
    expect(((await getPost(older.id, stranger)).json() as Post).following_author).toBe(false);
  });

  it('refuses a malformed cursor and out-of-range limits', async () => {
    expect((await ctx.app.inject({ url: '/api/v1/posts?cursor=bm9wZQ' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/v1/posts?limit=0' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/v1/posts?limit=51' })).statusCode).toBe(400);
  });

  it('documents the posts API in OpenAPI', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths as Record<string, unknown>);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/posts',
        '/api/v1/posts/{id}',
        '/api/v1/profiles/{username}/posts',
        '/api/v1/posts/{id}/like',
        '/api/v1/posts/{id}/comments',
        '/api/v1/storage/{bucket}',
      ]),
    );
  });
});

describe('the feed', () => {
  let feedCtx: TestApp;
  let author: TestUser;

  // Each test reads the whole public feed, so each gets a database of its own: what one publishes
  // must not show in another's pages, whichever runs first or alone.
  beforeEach(async () => {
    // The per-request check of a token's user is cached for an hour here, so that counting a signed-in
    // page's queries counts the feed's own, however slow the machine.
    feedCtx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS, authAccessCacheTtlMs: 3_600_000 });
    author = await createUser(feedCtx.app);
  });
  afterEach(() => feedCtx.close());

  async function page(limit: number, cursor?: string | null, user?: TestUser): Promise<PostPage> {
    const qs = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
    const response = await feedCtx.app.inject({
      url: `/api/v1/posts?${qs}`,
      headers: user ? user.headers : {},
    });
    expect(response.statusCode).toBe(200);
    return response.json() as PostPage;
  }

  async function publishMany(count: number, label: string, media: UploadResponse): Promise<Post[]> {
    const posts: Post[] = [];
    for (let i = 0; i < count; i++) {
      const body: CreatePostBody = postBody([media], { caption: `${label} ${i}` });
      const response = await feedCtx.app.inject({
        method: 'POST',
        url: '/api/v1/posts',
        headers: author.headers,
        payload: body,
      });
      posts.push(response.json() as Post);
    }
    return posts;
  }

  it('pages newest first and stays correct while posts are published', async () => {
    const media = await uploadImage(feedCtx.app, author);
    const older = await publishMany(5, 'older', media);
    // Several posts in the same millisecond must still page exactly once each: give them one timestamp.
    await feedCtx.app.database.query(`update posts set created_at = $1 where id = any($2::uuid[])`, [
      new Date('2026-01-01T00:00:00.000Z'),
      older.slice(1, 4).map((p) => p.id),
    ]);
    const expected = (
      await feedCtx.app.database.query<{ id: string }>(
        `select id from posts where visibility = 'public' order by created_at desc, id desc`,
      )
    ).map((r) => r.id);
    expect(expected).toHaveLength(5);

    const first = await page(2);
    expect(first.items.map((p) => p.id)).toEqual(expected.slice(0, 2));
    expect(first.next_cursor).toEqual(expect.any(String));

    // New posts arrive between page loads: the next pages neither repeat nor skip a post.
    const newer = await publishMany(3, 'newer', media);
    const second = await page(2, first.next_cursor);
    const third = await page(2, second.next_cursor);
    expect([...second.items, ...third.items].map((p) => p.id)).toEqual(expected.slice(2, 5));
    expect(third.next_cursor).toBeNull();

    // A fresh first page starts with the newest.
    const fresh = await page(3);
    expect(fresh.items.map((p) => p.id)).toEqual(newer.map((p) => p.id).reverse());
  });

  it('costs the same number of queries for a page of 2 and of 8, signed in or not', async () => {
    await publishMany(8, 'counted', await uploadImage(feedCtx.app, author));
    const viewer = await createUser(feedCtx.app);
    const count = async (limit: number, user?: TestUser) => {
      const { result, statements } = await countStatements(feedCtx.app, () => page(limit, null, user));
      expect(result.items.length).toBe(limit);
      return statements;
    };
    const small = await count(2);
    expect(await count(8)).toBe(small);
    expect(small).toBeGreaterThan(0);
    expect(small).toBeLessThanOrEqual(3);
    await page(1, null, viewer); // the first signed-in request checks the user (one query, then cached)
    const signedIn = await count(2, viewer);
    expect(await count(8, viewer)).toBe(signedIn);
  });

  /** The statements a request sends (see countStatements) and its body. */
  async function count(url: string, user?: TestUser, status = 200) {
    const { result: response, statements } = await countStatements(feedCtx.app, () =>
      feedCtx.app.inject({ url, headers: user ? user.headers : {} }),
    );
    expect(response.statusCode).toBe(status);
    return { statements, body: response.json() };
  }

  it("reads a post in one statement and a profile's posts in one, signed in or not, shapes unchanged", async () => {
    // The reads themselves, every time: with the cache of visitors' posts and pages off.
    await feedCtx.close();
    feedCtx = await createTestApp({
      authRateLimits: TEST_RATE_LIMITS,
      authAccessCacheTtlMs: 3_600_000,
      feedCacheTtlMs: 0,
    });
    author = await createUser(feedCtx.app);
    const media = await uploadImage(feedCtx.app, author);
    const created = (
      await feedCtx.app.inject({
        method: 'POST',
        url: '/api/v1/posts',
        headers: author.headers,
        payload: postBody([media, await uploadImage(feedCtx.app, author)], {
          items: [
            { item_type: 'Dress', brand: 'Zara', link: 'https://shop.example.com/dress', price: '129.90' },
            { item_type: 'Shoes', link: 'https://shop.example.com/shoes' },
          ],
        }),
      })
    ).json() as Post;
    await publishMany(2, 'more', media);
    const viewer = await createUser(feedCtx.app);
    const username = created.author.username;
    // A signed-in person's first request checks their token's user and brings their profile up (kept).
    await count(`/api/v1/posts/${created.id}`, viewer);
    await count(`/api/v1/posts/${created.id}`, author);
    for (const user of [undefined, viewer, author]) {
      // The post with its author, media, items, counts and flags: one statement.
      const detail = await count(`/api/v1/posts/${created.id}`, user);
      expect(detail.statements).toBe(1);
      // The profile found by its username and its page of posts: one statement.
      const list = await count(`/api/v1/profiles/${username}/posts?limit=5`, user);
      expect(list.statements).toBe(1);
      expect(list.body.items).toHaveLength(3);
      // The next page (a cursor), an unknown profile (404) and an unknown post (404): one each too.
      const first = await count(`/api/v1/profiles/${username}/posts?limit=2`, user);
      const next = await count(
        `/api/v1/profiles/${username}/posts?limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`,
        user,
      );
      expect([first.statements, next.statements]).toEqual([1, 1]);
      expect([...first.body.items, ...next.body.items]).toEqual(list.body.items);
      expect(next.body.next_cursor).toBeNull();
      expect((await count('/api/v1/profiles/nobody_here/posts?limit=5', user, 404)).statements).toBe(1);
      expect((await count(`/api/v1/posts/${crypto.randomUUID()}`, user, 404)).statements).toBe(1);
      expect((await count(`/api/v1/profiles/${username}`, user)).statements).toBe(1);
    }
    // Written by PostgreSQL, the post has exactly the API's fields and JavaScript's date format.
    const detail = (await count(`/api/v1/posts/${created.id}`, author)).body as Post;
    expect(PostSchema.strict().parse(detail)).toEqual(detail);
    for (const stamp of [detail.created_at, detail.updated_at]) {
      expect(new Date(stamp).toISOString()).toBe(stamp);
    }
    expect(detail).toEqual(
      Object.fromEntries(Object.keys(detail).map((key) => [key, created[key as keyof Post]])),
    );
    expect(detail.media.map((m) => m.media_order)).toEqual([0, 1]);
    expect(detail.items.map((i) => [i.item_type, i.price, i.currency])).toEqual([
      ['Dress', 129.9, 'ILS'],
      ['Shoes', null, 'ILS'],
    ]);
  });

  it("keeps a post and a profile's page: read again, they run no statement, signed in or not", async () => {
    const post = await publishPost(feedCtx.app, author, { caption: 'kept' });
    await publishPost(feedCtx.app, author, { caption: 'kept too' });
    const viewer = await createUser(feedCtx.app);
    const username = post.author.username;
    // A signed-in person's first request checks their token's user and brings their profile up (kept).
    await count(`/api/v1/profiles/${username}`, viewer);
    await count(`/api/v1/profiles/${username}`, author);
    for (const url of [`/api/v1/posts/${post.id}`, `/api/v1/profiles/${username}/posts?limit=5`]) {
      // The visitors' version, read once; a viewer's values for it, read once (one statement each).
      expect((await count(url)).statements, url).toBe(1);
      expect((await count(url)).statements, url).toBe(0);
      expect((await count(url, viewer)).statements, url).toBe(1);
      expect((await count(url, viewer)).statements, url).toBe(0);
    }
    // The owner's page of posts is read for them every time (it holds their private posts too).
    for (let i = 0; i < 2; i++) {
      expect((await count(`/api/v1/profiles/${username}/posts?limit=5`, author)).statements).toBe(1);
    }
  });
});

describe('share previews', () => {
  let webCtx: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'sys-web-'));
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><html><head><title>SYS</title></head><body></body></html>',
    );
    webCtx = await createTestApp({
      authRateLimits: TEST_RATE_LIMITS,
      webDist,
      publicUrl: 'https://sys.example.com',
    });
  });
  afterAll(async () => {
    await webCtx.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("puts the post's OpenGraph and Twitter tags into the page of /post/{id}", async () => {
    const author = await createUser(webCtx.app);
    const post = await publishPost(webCtx.app, author, {
      caption: 'Summer "linen" <look> & more',
      styles: ['Casual'],
    });
    const response = await webCtx.app.inject({ url: `/post/${post.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain(`<meta property="og:title" content="${post.author.username} on SYS">`);
    // The caption without its hashtags, escaped.
    expect(html).toContain(
      '<meta property="og:description" content="Summer &quot;linen&quot; &lt;look&gt; &amp; more">',
    );
    expect(html).toContain(`<meta property="og:image" content="https://sys.example.com${post.media_url}">`);
    expect(html).toContain(`<meta property="og:url" content="https://sys.example.com/post/${post.id}">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));

    // Unknown posts get the plain page with 404 (the app shows 'Post not found').
    for (const url of ['/post/5b0e3c9e-7a4b-4c39-9f7e-0a3c1e2d4f5a', '/post/not-an-id']) {
      const plain = await webCtx.app.inject({ url });
      expect(plain.statusCode).toBe(404);
      expect(plain.body).not.toContain('og:title');
    }
  });

  describe('without PUBLIC_URL', () => {
    let hostCtx: TestApp;
    beforeAll(async () => {
      hostCtx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS, webDist, port: 3107 });
    });
    afterAll(() => hostCtx.close());

    it('never puts the Host or X-Forwarded-Host header into a preview', async () => {
      const author = await createUser(hostCtx.app);
      const post = await publishPost(hostCtx.app, author);
      // Injected requests come from 127.0.0.1, a proxy trusted by default: X-Forwarded-Host is believed.
      for (const headers of [
        { host: 'evil.example' },
        { host: 'evil.example:8080', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      ]) {
        const response = await hostCtx.app.inject({ url: `/post/${post.id}`, headers });
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toContain('evil.example');
        expect(response.body).toContain(
          `<meta property="og:url" content="http://localhost:3107/post/${post.id}">`,
        );
        expect(response.body).toContain(
          `<meta property="og:image" content="http://localhost:3107${post.media_url}">`,
        );
      }
    });

    it('answers a malformed Host with the page, not a 500', async () => {
      const author = await createUser(hostCtx.app);
      const post = await publishPost(hostCtx.app, author);
      for (const headers of [
        { host: '[::1' },
        { host: 'exa mple' },
        { host: 'a/b?c' },
        { host: 'localhost', 'x-forwarded-host': '[bad' },
      ]) {
        const response = await hostCtx.app.inject({ url: `/post/${post.id}`, headers });
        expect(response.statusCode, JSON.stringify(headers)).toBe(200);
        expect(response.body).toContain('<meta property="og:title"');
      }
    });
  });
});
