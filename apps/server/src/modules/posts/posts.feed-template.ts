import type { Post, PostPage } from '@sys/shared';

/**
 * A cached feed page's JSON with holes where a signed-in viewer's values go, so that their page is the
 * cached bytes with a few dozen short values written in, not the whole page serialised again.
 *
 * Turning a visitor's page into a viewer's used to cost ~0.5 ms of CPU per request (copying 20 posts, then
 * `JSON.stringify` of ~35 kB, encoding it as UTF-8 and hashing it for the ETag) on top of the one query
 * for the viewer's flags (bench/RESULTS.md, section 2b). The holes are the fields that differ per viewer:
 * each post's counts (the viewer's current ones), `liked_by_me`, `saved_by_me`, `following_author`, and
 * each item's `saved_by_me`. Everything else is the same for everyone, byte for byte.
 */

/** What one signed-in viewer sees differently on a post of the public feed, and its current counts. */
export interface ViewerPostState {
  like_count: number;
  comment_count: number;
  liked_by_me: boolean;
  saved_by_me: boolean;
  following_author: boolean;
  /** The viewer's saved products among the post's items. */
  savedItemIds: ReadonlySet<string>;
}

/**
 * A viewer's values on a post as read for them: their flags, and each count only when it was read for them
 * (null: the visitors' page's count is theirs too). `stateOn` writes it onto a page's post.
 */
export interface ViewerPostReading extends Omit<ViewerPostState, 'like_count' | 'comment_count'> {
  like_count: number | null;
  comment_count: number | null;
}

/** `reading` on `post` of a visitors' page: its counts where the reading has none. */
export function stateOn(
  post: Pick<Post, 'like_count' | 'comment_count'>,
  reading: ViewerPostReading,
): ViewerPostState {
  return {
    ...reading,
    like_count: reading.like_count ?? post.like_count,
    comment_count: reading.comment_count ?? post.comment_count,
  };
}

/** `post` as the viewer of `state` sees it: the object `FeedPageTemplate` writes as JSON. */
export function withViewerState(post: Post, state: ViewerPostState): Post {
  return {
    ...post,
    like_count: state.like_count,
    comment_count: state.comment_count,
    liked_by_me: state.liked_by_me,
    saved_by_me: state.saved_by_me,
    following_author: state.following_author,
    items: post.items.map((item) => ({ ...item, saved_by_me: state.savedItemIds.has(item.id) })),
  };
}

/**
 * The JSON text of a page of one post (FeedCache keeps single posts so): `{"items":[`, the post,
 * `],"next_cursor":null}`.
 */
export const ONE_POST_HEAD = Buffer.from('{"items":[');
export const ONE_POST_TAIL = Buffer.from('],"next_cursor":null}');
const COMMA = Buffer.from(',');

/** The fields of a post that differ per viewer. */
const VIEWER_FIELDS = [
  'like_count',
  'comment_count',
  'liked_by_me',
  'saved_by_me',
  'following_author',
] as const;
type ViewerField = (typeof VIEWER_FIELDS)[number];
const isViewerField = (key: string): key is ViewerField => (VIEWER_FIELDS as readonly string[]).includes(key);

/**
 * A hole: bytes [start, end) of the visitor's page, filled with a post's field or an item's `saved_by_me`;
 * `text` is the visitor's value there.
 */
type Hole = { start: number; end: number; post: number; text: string } & (
  | { field: ViewerField }
  | { itemId: string }
);

export class FeedPageTemplate {
  /** Bytes of `body` inside holes. */
  private readonly holeBytes: number;

  private constructor(
    /** The visitor's page as sent (the holes hold the visitor's values). */
    private readonly body: Buffer,
    private readonly holes: readonly Hole[],
    /** Number of posts of the page: `render` takes one state per post, in page order. */
    readonly posts: number,
  ) {
    this.holeBytes = holes.reduce((sum, hole) => sum + (hole.end - hole.start), 0);
  }

  /**
   * The template of `page`, whose JSON text is `json` (as the feed cache serialised it) and `body` its
   * UTF-8 bytes. `page` may have fields besides `items` and `next_cursor`, before or after them (a
   * discovery page's count, brand...): they are the same for everyone. The page is written again field by field, the way `JSON.stringify` writes it, noting
   * where each viewer field's value lies; if that text is not exactly `json` (a change of the page's
   * shape this code does not know), there is no template (null) and viewers' pages are built without it.
   */
  static of(page: PostPage, json: string, body: Buffer): FeedPageTemplate | null {
    const holes: Hole[] = [];
    let text = '';
    let bytes = 0;
    const write = (chunk: string) => {
      text += chunk;
      bytes += Buffer.byteLength(chunk, 'utf8');
    };
    const hole = (
      value: unknown,
      place: { post: number } & ({ field: ViewerField } | { itemId: string }),
    ) => {
      if (typeof value !== 'boolean' && typeof value !== 'number') return false;
      const chunk = jsonOf(value);
      holes.push({ ...place, start: bytes, end: bytes + chunk.length, text: chunk });
      write(chunk);
      return true;
    };
    /** Writes `object`'s fields as JSON.stringify does, `field(key, value)` writing the special ones. */
    const writeObject = (object: object, field: (key: string, value: unknown) => boolean | null) => {
      write('{');
      let first = true;
      for (const [key, value] of Object.entries(object)) {
        if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
        write(`${first ? '' : ','}${JSON.stringify(key)}:`);
        first = false;
        const written = field(key, value);
        if (written === false) return false;
        if (written === null) write(JSON.stringify(value));
      }
      write('}');
      return true;
    };
    const writeArray = <T>(list: readonly T[], each: (value: T, index: number) => boolean) => {
      write('[');
      for (const [index, value] of list.entries()) {
        if (index > 0) write(',');
        if (!each(value, index)) return false;
      }
      write(']');
      return true;
    };
    const writePost = (post: Post, index: number) =>
      writeObject(post, (key, value) => {
        if (isViewerField(key)) return hole(value, { post: index, field: key });
        if (key !== 'items') return null;
        return writeArray(post.items, (item) =>
          writeObject(item, (itemKey, itemValue) =>
            itemKey === 'saved_by_me' ? hole(itemValue, { post: index, itemId: item.id }) : null,
          ),
        );
      });
    const complete = writeObject(page, (key) => (key === 'items' ? writeArray(page.items, writePost) : null));
    if (!complete || text !== json || bytes !== body.length) return null;
    return new FeedPageTemplate(body, holes, page.items.length);
  }

  /**
   * The template of a page whose JSON text is `head`, its posts' texts comma-separated, then `tail` (the
   * page's text around the contents of its `items` array), each post's text and holes taken from `posts`,
   * templates of pages of one post (`{"items":[`, the post, `],"next_cursor":null}`), so that a page made
   * of kept posts is not written again: as `of` that page would give, when each post's text is
   * JSON.stringify's. Its `body` is the page's bytes. Null if one of `posts` is not of one post so written.
   */
  static compose(head: string, posts: readonly FeedPageTemplate[], tail: string): FeedPageTemplate | null {
    const headBytes = Buffer.from(head, 'utf8');
    const tailBytes = Buffer.from(tail, 'utf8');
    const parts: Buffer[] = [headBytes];
    const holes: Hole[] = [];
    let at = headBytes.length;
    for (const [index, one] of posts.entries()) {
      const body = one.body;
      const end = body.length - ONE_POST_TAIL.length;
      if (
        one.posts !== 1 ||
        end <= ONE_POST_HEAD.length ||
        !body.subarray(0, ONE_POST_HEAD.length).equals(ONE_POST_HEAD) ||
        !body.subarray(end).equals(ONE_POST_TAIL)
      ) {
        return null;
      }
      if (index > 0) {
        parts.push(COMMA);
        at += COMMA.length;
      }
      // The post's holes, moved from its page of one to its place in this page.
      const shift = at - ONE_POST_HEAD.length;
      for (const hole of one.holes)
        holes.push({ ...hole, post: index, start: hole.start + shift, end: hole.end + shift });
      parts.push(body.subarray(ONE_POST_HEAD.length, end));
      at += end - ONE_POST_HEAD.length;
    }
    parts.push(tailBytes);
    return new FeedPageTemplate(Buffer.concat(parts, at + tailBytes.length), holes, posts.length);
  }

  /** The visitor's page as sent: the bytes the holes are in. */
  get bytes(): Buffer {
    return this.body;
  }

  /**
   * The page with `states[i]` written into post i, as UTF-8 bytes, and the values written (in hole order,
   * comma-separated): with the visitor page's ETag they identify the body, for the viewer's ETag.
   */
  render(states: readonly ViewerPostState[]): { body: Buffer; values: string } {
    const values = this.valuesOf(states);
    return { body: this.fill(values), values: values.join(',') };
  }

  /** Whether `values` (in hole order) are the visitor's own: the page's bytes are then the viewer's too. */
  hasVisitorValues(values: readonly string[]): boolean {
    const holes = this.holes;
    if (values.length !== holes.length) return false;
    for (let index = 0; index < values.length; index++)
      if (values[index] !== holes[index]!.text) return false;
    return true;
  }

  /**
   * The JSON text of each hole's value for a viewer whose states (one per post, in page order) are
   * `states`: what `fill` writes in. A few short strings, so a viewer's page can be kept as these.
   */
  valuesOf(states: readonly ViewerPostState[]): string[] {
    if (states.length !== this.posts) {
      throw new Error(`a feed page of ${this.posts} posts got ${states.length} viewer states`);
    }
    return this.holes.map((hole) => {
      const state = states[hole.post]!;
      return jsonOf('field' in hole ? state[hole.field] : state.savedItemIds.has(hole.itemId));
    });
  }

  /**
   * The page's bytes with `values` (from `valuesOf` of this template) written into its holes.
   *
   * Copied in as few pieces as possible: a value equal to the visitor's is already in the copied bytes,
   * one of the same length is written over them afterwards, and only a value of another length ('true'
   * for 'false', a count with more digits) splits the copy. A viewer's page differs from a visitor's in
   * a few values, so this is a few copies instead of one per hole (~150 on a 20-post page); the copies
   * and writes were most of a kept viewer page's CPU (bench/RESULTS.md, section 2c).
   */
  fill(values: readonly string[]): Buffer {
    const holes = this.holes;
    if (values.length !== holes.length) {
      throw new Error(`a feed page with ${holes.length} holes got ${values.length} values`);
    }
    // The visitor's values: their bytes as they are, shared like the visitor's page (nobody writes to it).
    if (this.hasVisitorValues(values)) return this.body;
    let valueBytes = 0;
    for (let index = 0; index < values.length; index++) valueBytes += values[index]!.length;
    const body = Buffer.allocUnsafe(this.body.length - this.holeBytes + valueBytes);
    /** Where the next piece goes in `body`, and where it starts in the visitor's bytes. */
    let at = 0;
    let from = 0;
    /** Same-length values to write over the copy: pairs of (offset in `body`, index in `values`). */
    const overwrites: number[] = [];
    for (let index = 0; index < holes.length; index++) {
      const hole = holes[index]!;
      const value = values[index]!;
      if (value === hole.text) continue;
      if (value.length === hole.text.length) {
        // Up to the next split, `body` is the visitor's bytes shifted by (at - from).
        overwrites.push(at + (hole.start - from), index);
        continue;
      }
      at += this.body.copy(body, at, from, hole.start);
      at += body.write(value, at, 'latin1');
      from = hole.end;
    }
    this.body.copy(body, at, from);
    for (let i = 0; i < overwrites.length; i += 2) {
      body.write(values[overwrites[i + 1]!]!, overwrites[i]!, 'latin1');
    }
    return body;
  }
}

/** A boolean or number as JSON.stringify writes it: ASCII only, so one byte per character. */
function jsonOf(value: boolean | number): string {
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return Number.isFinite(value) ? String(value) : 'null';
}
