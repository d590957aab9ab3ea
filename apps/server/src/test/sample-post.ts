/**
 * A post as the API writes it, with no media and the given items, for tests of code that only shapes or
 * copies posts (feed templates, the feed cache): its caption looks like a field of the JSON around it.
 */
export function samplePost(id: string, itemIds: string[]) {
  return {
    id,
    caption: 'liked_by_me":true',
    media_url: '/media/a.webp',
    media_type: 'image',
    visibility: 'public',
    created_at: '2026-01-02T03:04:05.678Z',
    updated_at: '2026-01-02T03:04:05.678Z',
    author: {
      id: '00000000-0000-4000-8000-0000000000ff',
      username: 'a',
      display_name: null,
      avatar_url: null,
    },
    media: [],
    items: itemIds.map((itemId) => ({
      id: itemId,
      item_type: null,
      brand: null,
      link: 'https://example.com/x',
      size: null,
      title: null,
      image_url: null,
      price: null,
      currency: 'USD',
      color: null,
      pattern: null,
      saved_by_me: false,
    })),
    like_count: 0,
    comment_count: 0,
    liked_by_me: false,
    saved_by_me: false,
    following_author: false,
  };
}
