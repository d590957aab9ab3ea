import {
  FootprintsIcon,
  GemIcon,
  GlassesIcon,
  type LucideIcon,
  MoonIcon,
  PaintbrushIcon,
  RibbonIcon,
  ShirtIcon,
  ShoppingBagIcon,
  SparklesIcon,
  WavesIcon,
} from 'lucide-react';
import { cn } from '@/shared/ui/cn';
import { OwnImage } from '@/shared/ui/own-image';
import { colorSwatch, meaningful } from '../lib/post-display';

/** The icon standing for a product type when the product has no picture; clothes get the shirt. */
const TYPE_ICONS: Record<string, LucideIcon> = {
  Shoes: FootprintsIcon,
  Bag: ShoppingBagIcon,
  Glasses: GlassesIcon,
  Earrings: GemIcon,
  Bracelet: GemIcon,
  Necklace: GemIcon,
  Rings: GemIcon,
  Nail: PaintbrushIcon,
  'Hair Accessories': RibbonIcon,
  Hat: SparklesIcon,
  Accessories: SparklesIcon,
  Swimwear: WavesIcon,
  Sleepwear: MoonIcon,
};

export interface ProductImageProps {
  /** The product's picture (only our own files load), its type and its colour. */
  src: string | null | undefined;
  type: string | null | undefined;
  color?: string | null;
  className?: string;
  /** The icon's size class; the swatch follows it. */
  iconClassName?: string;
}

/**
 * A product's picture filling its box, or, when it has none (or only a shop's address, which never
 * loads), a clear stand-in: the icon of its type over a swatch of its colour. Never a broken image.
 */
export function ProductImage({ src, type, color, className, iconClassName = 'size-7' }: ProductImageProps) {
  const Icon = (type && TYPE_ICONS[type]) || ShirtIcon;
  const swatch = meaningful(color) ? colorSwatch(color) : undefined;
  return (
    <OwnImage
      src={src}
      alt=""
      loading="lazy"
      className={cn('size-full object-cover', className)}
      fallback={
        <span
          data-testid="product-placeholder"
          data-type={type ?? undefined}
          className="flex size-full flex-col items-center justify-center gap-1.5 bg-subtle text-muted"
        >
          <Icon aria-hidden className={iconClassName} />
          {swatch ? (
            <span
              aria-hidden
              data-swatch={swatch}
              className="size-3.5 rounded-full border border-line-strong"
              style={{ backgroundColor: swatch }}
            />
          ) : null}
        </span>
      }
    />
  );
}
