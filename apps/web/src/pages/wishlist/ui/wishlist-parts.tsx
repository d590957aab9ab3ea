import type { SavedProduct } from '@sys/shared';
import { HeartIcon, SearchIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ProductImage } from '@/entities/post/ui/product-image';
import { SaveItemButton } from '@/entities/post/ui/save-item-button';
import { useRegistrationPrompt } from '@/entities/viewer/ui/use-registration-prompt';
import { formatPrice } from '@/shared/lib/format-price';
import { isOwnImageSource } from '@/shared/lib/image-source';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { Input } from '@/shared/ui/input';

/** The search text lives in the URL (`?q=`), so a search can be shared and survives going back. */
export function useSearchText(): [string, (text: string) => void] {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const setQ = (text: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (text) next.set('q', text);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  return [q, setQ];
}

export function SearchBox({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (text: string) => void;
  label: string;
}) {
  return (
    <div className="relative px-4">
      <SearchIcon
        aria-hidden
        className="pointer-events-none absolute start-7 top-1/2 size-5 -translate-y-1/2 text-muted"
      />
      <Input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={label}
        aria-label={label}
        className="ps-10"
      />
    </div>
  );
}

/** A section's title with its count in brackets; no count until it is known (never a false "(0)"). */
export function SectionHeader({
  title,
  count,
  seeAll,
}: {
  title: string;
  count: number | undefined;
  seeAll?: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className="flex items-center justify-between px-4">
      <h2 className="text-lg font-bold text-ink">
        {title}
        {count === undefined ? null : (
          <>
            {' '}
            <span className="text-[13px] font-medium text-muted">
              ({new Intl.NumberFormat(i18n.resolvedLanguage).format(count)})
            </span>
          </>
        )}
      </h2>
      {seeAll ? (
        <Link to={seeAll} className="text-sm font-semibold text-accent-700 hover:underline">
          {t('wishlist.seeAll')}
        </Link>
      ) : null}
    </div>
  );
}

/** How many saved posts, products or albums match: the count of a See All page. */
export function SavedCount({ kind, total }: { kind: 'posts' | 'products' | 'albums'; total: number }) {
  const { t, i18n } = useTranslation();
  const formatted = new Intl.NumberFormat(i18n.resolvedLanguage).format(total);
  const text =
    kind === 'posts'
      ? t('wishlist.postsCount', { count: total, formatted })
      : kind === 'products'
        ? t('wishlist.productsCount', { count: total, formatted })
        : t('wishlist.albumsCount', { count: total, formatted });
  return (
    <p role="status" className="px-4 text-[13px] font-medium text-muted">
      {text}
    </p>
  );
}

/** An empty section, or a search that found nothing. */
export function Miss({
  searching,
  empty,
  emptyHint,
  notFound,
}: {
  searching: boolean;
  empty: string;
  emptyHint: string;
  notFound: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="px-4 py-6 text-center">
      <p className="font-semibold text-ink">{searching ? notFound : empty}</p>
      <p className="mt-1 text-sm text-muted">{searching ? t('wishlist.tryDifferent') : emptyHint}</p>
    </div>
  );
}

export function SavedProductRow({ product }: { product: SavedProduct }) {
  const { t, i18n } = useTranslation();
  const { item } = product;
  // The product's own image, else the post's photo; never an outside address (an old row's shop link).
  const image = [item.image_url, product.post_media_type === 'image' ? product.post_media_url : null].find(
    isOwnImageSource,
  );
  const name = item.title ?? item.brand ?? t('wishlist.product');
  return (
    <li className="flex items-center gap-3 py-2">
      <Link to={`/post/${product.post_id}`} className="flex min-w-0 flex-1 items-center gap-3">
        <span className="h-20 w-16 shrink-0 overflow-hidden rounded-xl bg-subtle">
          <ProductImage src={image} type={item.item_type} color={item.color} />
        </span>
        <span className="flex min-w-0 flex-col">
          <span dir="auto" className="truncate font-semibold text-ink">
            {name}
          </span>
          {item.brand && item.brand !== name ? (
            <span dir="auto" className="truncate text-[13px] text-muted">
              {item.brand}
            </span>
          ) : null}
          {item.price !== null ? (
            <span className="text-[15px] font-semibold text-ink" dir="ltr">
              {formatPrice(item.price, item.currency, i18n.resolvedLanguage ?? 'en')}
            </span>
          ) : null}
        </span>
      </Link>
      <SaveItemButton itemId={item.id} saved />
    </li>
  );
}

/** Visitors and guests: the wishlist needs an account; the Registration Required dialog asks once. */
export function WishlistSignUp() {
  const { t } = useTranslation();
  const { prompt, dialog } = useRegistrationPrompt();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    prompt(t('wishlist.promptAction'));
  }, [prompt, t]);
  return (
    <>
      <EmptyState
        icon={<HeartIcon />}
        title={t('wishlist.signUpTitle')}
        description={t('wishlist.signUpDescription')}
        action={<Button onClick={() => prompt(t('wishlist.promptAction'))}>{t('wishlist.signUp')}</Button>}
      />
      {dialog}
    </>
  );
}

export function LoadMore({ show, onClick }: { show: boolean; onClick: () => void }): ReactNode {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <div className="flex justify-center py-4">
      <Button variant="outline" size="sm" onClick={onClick}>
        {t('wishlist.showMore')}
      </Button>
    </div>
  );
}

/** The value, once it stopped changing for `ms` (a search request per pause, not per key). */
export function useDebounced<T>(value: T, ms = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
