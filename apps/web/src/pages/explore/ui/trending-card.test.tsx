import type { TrendingItem } from '@sys/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TrendingCard } from './trending-card';

const trending = (imageUrl: string): TrendingItem => ({
  id: '00000000-0000-4000-8000-0000000000f1',
  post_id: '00000000-0000-4000-8000-0000000000f2',
  title: 'Linen dress',
  brand: 'Zara',
  category: 'Dresses',
  price: 129.9,
  currency: 'ILS',
  image_url: imageUrl,
  link: 'https://shop.example/dress',
  click_count: 3,
});

describe('TrendingCard', () => {
  it('shows the product image from our /media', () => {
    const { container } = render(<TrendingCard item={trending('/media/post-media/u/dress.webp')} />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/media/post-media/u/dress.webp');
  });

  it("shows a placeholder instead of an old post's shop link", () => {
    const { container } = render(<TrendingCard item={trending('https://cdn.shop.example/dress.jpg')} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Linen dress' })).toBeInTheDocument();
  });
});
