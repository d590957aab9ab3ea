import type { SavedProduct } from '@sys/shared';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '@/app/providers';
import { SavedProductRow } from './wishlist-parts';

const saved = (imageUrl: string | null): SavedProduct => ({
  item: {
    id: '00000000-0000-4000-8000-0000000000d1',
    item_type: 'Dress',
    brand: 'Zara',
    link: 'https://shop.example/dress',
    size: null,
    title: 'Linen dress',
    image_url: imageUrl,
    price: null,
    currency: 'ILS',
    color: null,
    pattern: null,
    saved_by_me: true,
  },
  post_id: '00000000-0000-4000-8000-0000000000d2',
  post_media_url: '/media/post-media/u/look.jpg',
  post_media_type: 'image',
  author: {
    id: '00000000-0000-4000-8000-0000000000d3',
    username: 'noa',
    display_name: null,
    avatar_url: null,
  },
  saved_at: '2026-01-01T00:00:00.000Z',
});

function imageOf(product: SavedProduct): string | null | undefined {
  const { container, unmount } = render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <ul>
          <SavedProductRow product={product} />
        </ul>
      </MemoryRouter>
    </AppProviders>,
  );
  const src = container.querySelector('img')?.getAttribute('src');
  unmount();
  return src;
}

describe('SavedProductRow', () => {
  it("shows the product's own image from our /media, else the post's photo, never a shop's link", () => {
    expect(imageOf(saved('/media/post-media/u/dress.webp'))).toBe('/media/post-media/u/dress.webp');
    expect(imageOf(saved(null))).toBe('/media/post-media/u/look.jpg');
    expect(imageOf(saved('https://cdn.shop.example/pixel.gif'))).toBe('/media/post-media/u/look.jpg');
  });
});
