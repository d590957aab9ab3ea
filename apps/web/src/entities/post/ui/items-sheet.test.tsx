import type { PostItem } from '@sys/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '@/app/providers';
import ItemsSheet from './items-sheet';

const item = (overrides: Partial<PostItem>): PostItem => ({
  id: '00000000-0000-4000-8000-0000000000e1',
  item_type: 'Dress',
  brand: 'Zara',
  link: 'https://shop.example/dress',
  size: 'M',
  title: null,
  image_url: null,
  price: null,
  currency: 'ILS',
  color: 'None',
  pattern: 'None',
  saved_by_me: false,
  ...overrides,
});

describe('ItemsSheet', () => {
  it("lists no 'None' colour or pattern, like the chips", () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ItemsSheet
          items={[
            item({}),
            item({
              id: '00000000-0000-4000-8000-0000000000e2',
              brand: 'Mango',
              color: 'Red',
              pattern: 'Striped',
            }),
          ]}
          open
          onOpenChange={() => undefined}
        />
      </AppProviders>,
    );
    expect(screen.getByText('Dress · Size M')).toBeInTheDocument();
    expect(screen.getByText('Dress · Size M · Red · Striped')).toBeInTheDocument();
    expect(screen.queryByText(/None/)).not.toBeInTheDocument();
  });

  it("shows a product's image only from our /media, never a shop's link of an old post", () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ItemsSheet
          items={[
            item({ image_url: '/media/post-media/u/dress.webp' }),
            item({
              id: '00000000-0000-4000-8000-0000000000e2',
              brand: 'Mango',
              image_url: 'https://cdn.shop.example/pixel.gif',
            }),
          ]}
          open
          onOpenChange={() => undefined}
        />
      </AppProviders>,
    );
    const sources = [...document.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual(['/media/post-media/u/dress.webp']);
    // The other product shows the placeholder instead (two list items, one image).
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
