import type { Post } from '@sys/shared';

/**
 * Post `n` of a test's fake API: a public post by `maya{n}` (author id = post id) with no media, items,
 * likes or comments; `overrides` set what a test depends on.
 */
export function testPost(n: number, overrides: Partial<Post> = {}): Post {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    caption: `Look ${n}`,
    media_url: '/m.webp',
    media_type: 'image',
    visibility: 'public',
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    author: { id, username: `maya${n}`, display_name: null, avatar_url: null },
    media: [],
    items: [],
    like_count: 0,
    comment_count: 0,
    liked_by_me: false,
    saved_by_me: false,
    following_author: false,
    ...overrides,
  };
}
