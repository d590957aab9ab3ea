import type { Post } from '@sys/shared';
import { testPost } from './posts';

/** testPost(n) with one photo ('Outfit by maya{n}, 1 of 1' in English). */
export function photoPost(n: number, overrides: Partial<Post> = {}): Post {
  const base = testPost(n, overrides);
  return {
    ...base,
    media: [
      {
        id: base.id,
        media_url: `/media/${n}.webp`,
        media_type: 'image',
        media_order: 0,
        width: 1080,
        height: 1350,
        placeholder: null,
        variants: [],
        status: 'ready',
        poster_url: null,
      },
    ],
    ...overrides,
  };
}
