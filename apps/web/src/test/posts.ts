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
    mediaUrl: '/m.webp',
    mediaType: 'image',
    visibility: 'public',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    author: { id, username: `maya${n}`, displayName: null, avatarUrl: null },
    media: [],
    items: [],
    likeCount: 0,
    commentCount: 0,
    likedByMe: false,
    savedByMe: false,
    followingAuthor: false,
    ...overrides,
  };
}
