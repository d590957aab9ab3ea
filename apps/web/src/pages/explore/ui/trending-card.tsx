import type { TrendingItem } from '@sys/shared';
import { MousePointerClickIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { recordItemClick } from '@/entities/post/api/record-item-click';
import { useOptionLabel } from '@/entities/post/lib/option-label';
import { ProductImage } from '@/entities/post/ui/product-image';
import { formatPrice } from '@/shared/lib/format-price';
import { buttonClasses } from '@/shared/ui/button';

/** A trending product: click-count badge, price in its own currency, category, 'View Item' (new tab). */
export function TrendingCard({ item }: { item: TrendingItem }) {
  const { t, i18n } = useTranslation();
  const label = useOptionLabel();
  const title = item.title ?? item.brand ?? t('items.item');
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-line bg-surface">
      <div className="relative aspect-square bg-subtle">
        <ProductImage src={item.image_url} type={item.category} iconClassName="size-10" />
        <span className="absolute start-2 top-2 inline-flex items-center gap-1 rounded-full bg-black/70 px-2 py-0.5 text-xs font-semibold text-white">
          <MousePointerClickIcon aria-hidden className="size-3.5" />
          {t('explore.clicks', { count: item.click_count })}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 dir="auto" className="line-clamp-2 text-sm font-semibold text-ink">
          {title}
        </h3>
        {item.brand && item.brand !== title ? <p className="text-[13px] text-muted">{item.brand}</p> : null}
        {item.category ? <p className="text-[13px] text-muted">{label('types', item.category)}</p> : null}
        {item.price !== null ? (
          <p className="text-sm font-semibold text-ink">
            {formatPrice(item.price, item.currency, i18n.resolvedLanguage ?? 'en')}
          </p>
        ) : null}
        <a
          href={item.link}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => recordItemClick(item.id)}
          className={buttonClasses({ variant: 'outline', size: 'sm', className: 'mt-auto' })}
        >
          {t('items.viewItem')}
          <span className="sr-only"> {t('items.newTab')}</span>
        </a>
      </div>
    </article>
  );
}
