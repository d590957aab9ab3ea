import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductImage } from './product-image';

const placeholder = () => screen.queryByTestId('product-placeholder');

describe('ProductImage', () => {
  it("shows the product's own picture when it has one", () => {
    const { container } = render(<ProductImage src="/media/post-media/u/1.jpg" type="Shoes" color="Red" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/media/post-media/u/1.jpg');
    expect(placeholder()).toBeNull();
  });

  it('stands in with the icon of its type and a swatch of its colour when it has none', () => {
    const { container } = render(<ProductImage src={null} type="Shoes" color="Red" />);
    expect(container.querySelector('img')).toBeNull();
    expect(placeholder()?.dataset.type).toBe('Shoes');
    // lucide names its icons in their class: the shoe type draws footprints, not the shirt.
    expect(placeholder()?.querySelector('svg')?.getAttribute('class')).toContain('lucide-footprints');
    expect(placeholder()?.querySelector<HTMLElement>('[data-swatch]')?.style.backgroundColor).toBe(
      'rgb(198, 47, 47)',
    );
  });

  it("never loads a shop's address, and shows no swatch for 'None'", () => {
    const { container } = render(
      <ProductImage src="https://shop.example/dress.jpg" type="Dress" color="None" />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(placeholder()?.querySelector('svg')?.getAttribute('class')).toContain('lucide-shirt');
    expect(placeholder()?.querySelector('[data-swatch]')).toBeNull();
  });
});
