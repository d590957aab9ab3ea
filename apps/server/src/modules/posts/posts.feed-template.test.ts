import { CURRENCIES, type Post, type PostPage, PostPageSchema } from '@sys/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { samplePost } from '../../test/sample-post.ts';
import { FeedPageTemplate, type ViewerPostState } from './posts.feed-template.ts';

/*
 * The template must give exactly the bytes that serialising the viewer's page gives (what the route sent
 * before the template existed), for any content: captions and names with quotes, backslashes, Hebrew,
 * emoji and text that looks like the fields being replaced.
 */

/** The viewer's page the slow way: copy the posts with the viewer's values, as the route did before. */
function personalised(page: PostPage, states: readonly ViewerPostState[]): PostPage {
  return {
    ...page,
    items: page.items.map((post, index): Post => {
      const state = states[index]!;
      return {
        ...post,
        items: post.items.map((item) => ({ ...item, saved_by_me: state.savedItemIds.has(item.id) })),
        like_count: state.like_count,
        comment_count: state.comment_count,
        liked_by_me: state.liked_by_me,
        saved_by_me: state.saved_by_me,
        following_author: state.following_author,
      };
    }),
  };
}

function templateOf(page: PostPage): { template: FeedPageTemplate; json: string; body: Buffer } {
  const json = JSON.stringify(page);
  const body = Buffer.from(json, 'utf8');
  const template = FeedPageTemplate.of(page, json, body);
  if (!template) throw new Error('no template');
  return { template, json, body };
}

const tricky = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    '"like_count":1',
    ',"saved_by_me":true}',
    'שלום עולם',
    '👗✨ "quoted" \\ back\\slash',
    '\u2028\u2029\u0000\ud800',
    '',
  ),
);
const maybe = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: null });
const count = fc.integer({ min: 0, max: 2_000_000_000 });

const itemArb = fc.record({
  id: fc.uuid({ version: 4 }),
  item_type: maybe(tricky),
  brand: maybe(tricky),
  link: tricky,
  size: maybe(tricky),
  title: maybe(tricky),
  image_url: maybe(tricky),
  price: maybe(fc.double({ noNaN: true, noDefaultInfinity: true })),
  currency: fc.constantFrom(...CURRENCIES),
  color: maybe(tricky),
  pattern: maybe(tricky),
  saved_by_me: fc.boolean(),
});

const postArb = fc.record({
  id: fc.uuid({ version: 4 }),
  caption: tricky,
  media_url: tricky,
  media_type: fc.constantFrom('image', 'video'),
  visibility: fc.constant('public'),
  created_at: fc.constant('2026-01-02T03:04:05.678Z'),
  updated_at: fc.constant('2026-01-02T03:04:05.678Z'),
  author: fc.record({
    id: fc.uuid({ version: 4 }),
    username: maybe(tricky),
    display_name: maybe(tricky),
    avatar_url: maybe(tricky),
  }),
  media: fc.array(
    fc.record({
      id: fc.uuid({ version: 4 }),
      media_url: tricky,
      media_type: fc.constantFrom('image', 'video'),
      media_order: fc.nat(10),
      width: maybe(fc.nat(5000)),
      height: maybe(fc.nat(5000)),
      placeholder: maybe(tricky),
      variants: fc.array(fc.record({ width: fc.nat(5000), url: tricky }), { maxLength: 2 }),
      status: fc.constantFrom('processing', 'ready', 'failed'),
      poster_url: maybe(tricky),
    }),
    { maxLength: 3 },
  ),
  items: fc.array(itemArb, { maxLength: 4 }),
  like_count: count,
  comment_count: count,
  liked_by_me: fc.constant(false),
  saved_by_me: fc.constant(false),
  following_author: fc.constant(false),
});

/** A page as the cache holds it (the response schema's output), with one viewer state per post. */
const pageWithStates = fc
  .record({ items: fc.array(postArb, { maxLength: 6 }), next_cursor: maybe(tricky) })
  .map((raw) => PostPageSchema.parse(raw))
  .chain((page) =>
    fc.tuple(
      fc.constant(page),
      fc.tuple(
        ...page.items.map((post) =>
          fc.record({
            like_count: count,
            comment_count: count,
            liked_by_me: fc.boolean(),
            saved_by_me: fc.boolean(),
            following_author: fc.boolean(),
            savedItemIds: fc
              .subarray(post.items.map((item) => item.id))
              .map((saved) => new Set(saved) as ReadonlySet<string>),
          }),
        ),
      ),
    ),
  );

describe('the feed page template', () => {
  it("writes a viewer's values into the cached bytes exactly as serialising their page would", () => {
    fc.assert(
      fc.property(pageWithStates, ([page, states]) => {
        const { template, json } = templateOf(page);
        const rendered = template.render(states);
        expect(rendered.body.toString('utf8')).toBe(JSON.stringify(personalised(page, states)));
        // The visitor's page is untouched by rendering (no viewer's values stay behind in it).
        expect(template.render(page.items.map(visitorState)).body.toString('utf8')).toBe(json);
      }),
      { numRuns: 300 },
    );
  });

  it('gives different values for different bodies (the ETag is built from them)', () => {
    fc.assert(
      fc.property(pageWithStates, pageWithStates, ([page, states], [, other]) => {
        const { template } = templateOf(page);
        const a = template.render(states);
        const others = page.items.map((_, index) => other[index] ?? states[index]!);
        const b = template.render(others);
        expect(a.values === b.values).toBe(a.body.equals(b.body));
      }),
      { numRuns: 200 },
    );
  });

  it("writes a viewer's values into a discovery page, whose fields lie before and after its posts", () => {
    const around = fc.record({
      brand: fc.record({ id: fc.uuid({ version: 4 }), name: tricky, item_count: fc.nat() }),
      total: fc.nat(),
      total_capped: fc.boolean(),
      corrected_to: maybe(tricky),
    });
    fc.assert(
      fc.property(pageWithStates, around, ([page, states], { brand, ...after }) => {
        // A brand page: its brand first, then the posts, the count and the cursor (ExploreService).
        const discovery = { brand, items: page.items, ...after, next_cursor: page.next_cursor };
        const json = JSON.stringify(discovery);
        const template = FeedPageTemplate.of(discovery, json, Buffer.from(json, 'utf8'));
        expect(template).not.toBeNull();
        const { items } = personalised(page, states);
        expect(template!.render(states).body.toString('utf8')).toBe(JSON.stringify({ ...discovery, items }));
        expect(template!.render(page.items.map(visitorState)).body.toString('utf8')).toBe(json);
      }),
      { numRuns: 200 },
    );
  });

  it("puts a page together from its posts' templates of one post exactly as writing it would give", () => {
    const around = fc.record({
      brand: fc.record({ name: tricky }),
      total: fc.nat(),
      corrected_to: maybe(tricky),
    });
    fc.assert(
      fc.property(pageWithStates, around, ([page, states], { brand, ...after }) => {
        const discovery = { brand, items: page.items, ...after, next_cursor: page.next_cursor };
        const ones = page.items.map((post) => templateOf({ items: [post], next_cursor: null }).template);
        // The text around the posts, as FeedCache cuts it from the page's text without posts.
        const empty = JSON.stringify({ ...discovery, items: [] });
        const split = empty.indexOf('"items":[]') + '"items":['.length;
        const template = FeedPageTemplate.compose(empty.slice(0, split), ones, empty.slice(split));
        expect(template).not.toBeNull();
        expect(template!.bytes.toString('utf8')).toBe(JSON.stringify(discovery));
        const { items } = personalised(page, states);
        expect(template!.render(states).body.toString('utf8')).toBe(JSON.stringify({ ...discovery, items }));
        const json = JSON.stringify(discovery);
        const written = FeedPageTemplate.of(discovery, json, Buffer.from(json, 'utf8'))!;
        expect(template!.render(states).values).toBe(written.render(states).values);
      }),
      { numRuns: 200 },
    );
    // Not of pages of one post: none.
    const two = PostPageSchema.parse({
      items: [
        samplePost('00000000-0000-4000-8000-000000000001', []),
        samplePost('00000000-0000-4000-8000-000000000002', []),
      ],
      next_cursor: null,
    });
    expect(FeedPageTemplate.compose('{"items":[', [templateOf(two).template], ']}')).toBeNull();
  });

  it("keeps one viewer's flags out of the next viewer's page", () => {
    const page = PostPageSchema.parse({
      items: [samplePost('00000000-0000-4000-8000-000000000001', ['00000000-0000-4000-8000-0000000000a1'])],
      next_cursor: null,
    });
    const { template, json } = templateOf(page);
    const liked = template.render([
      {
        like_count: 7,
        comment_count: 3,
        liked_by_me: true,
        saved_by_me: true,
        following_author: true,
        savedItemIds: new Set(['00000000-0000-4000-8000-0000000000a1']),
      },
    ]);
    expect(liked.body.toString()).toContain('"liked_by_me":true');
    const plain = template.render([
      {
        like_count: 7,
        comment_count: 3,
        liked_by_me: false,
        saved_by_me: false,
        following_author: false,
        savedItemIds: new Set(),
      },
    ]);
    const [post] = (JSON.parse(plain.body.toString()) as PostPage).items;
    expect(post).toMatchObject({ liked_by_me: false, saved_by_me: false, following_author: false });
    expect(post?.items[0]?.saved_by_me).toBe(false);
    expect(template.render(page.items.map(visitorState)).body.toString()).toBe(json);
  });

  it('has no template for text that is not the page as JSON.stringify writes it', () => {
    const page = PostPageSchema.parse({
      items: [samplePost('00000000-0000-4000-8000-000000000001', [])],
      next_cursor: null,
    });
    const pretty = JSON.stringify(page, null, 2);
    expect(FeedPageTemplate.of(page, pretty, Buffer.from(pretty))).toBeNull();
    const reordered = JSON.stringify({ next_cursor: page.next_cursor, items: page.items });
    expect(FeedPageTemplate.of(page, reordered, Buffer.from(reordered))).toBeNull();
  });

  it('refuses states that do not match the posts of the page', () => {
    const page = PostPageSchema.parse({
      items: [samplePost('00000000-0000-4000-8000-000000000001', [])],
      next_cursor: null,
    });
    const { template } = templateOf(page);
    expect(() => template.render([])).toThrow();
  });
});

function visitorState(post: Post): ViewerPostState {
  return {
    like_count: post.like_count,
    comment_count: post.comment_count,
    liked_by_me: post.liked_by_me,
    saved_by_me: post.saved_by_me,
    following_author: post.following_author,
    savedItemIds: new Set(post.items.filter((item) => item.saved_by_me).map((item) => item.id)),
  };
}
