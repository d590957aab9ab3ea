import type { Creator, TrendingItem } from '@sys/shared';
import { ShirtIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useExploreQuery } from '@/entities/post/api/get-explore';
import { AuthorAvatar } from '@/entities/profile/ui/author-avatar';
import { formatPrice } from '@/shared/lib/format-price';
import { formatNumber } from '@/shared/lib/intl';
import { OwnImage } from '@/shared/ui/own-image';
import { Skeleton } from '@/shared/ui/skeleton';
import { Handle, UserName } from '@/shared/ui/user-name';

// The side column is short: a glance, with 'See all' for the rest.
const SHOWN = 5;

function SideSection({ title, more, children }: { title: string; more: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-[15px] font-semibold text-ink">{title}</h2>
        <Link
          to={more}
          className="inline-flex min-h-11 items-center text-[13px] font-semibold text-accent-700"
        >
          {t('explore.seeAll')}
          <span className="sr-only">: {title}</span>
        </Link>
      </div>
      {children}
    </section>
  );
}

function CreatorRow({ creator }: { creator: Creator }) {
  const { t, i18n } = useTranslation();
  const name = creator.username ?? creator.display_name ?? t('card.user');
  return (
    <li>
      <Link
        to={`/profile/${encodeURIComponent(creator.username ?? '')}`}
        className="flex min-h-12 items-center gap-3 rounded-xl px-2 py-1.5 hover:bg-subtle"
      >
        <AuthorAvatar url={creator.avatar_url} className="size-10" />
        <span className="flex min-w-0 flex-col">
          <span
            dir={creator.username ? 'ltr' : 'auto'}
            className="truncate text-start text-sm font-semibold text-ink"
          >
            {creator.username ? <Handle username={creator.username} /> : <UserName>{name}</UserName>}
          </span>
          <span className="text-[13px] text-muted">
            {t('explore.followers', {
              count: creator.followers_count,
              formatted: formatNumber(i18n.resolvedLanguage, creator.followers_count),
            })}
          </span>
        </span>
      </Link>
    </li>
  );
}

function TrendingRow({ item }: { item: TrendingItem }) {
  const { t, i18n } = useTranslation();
  const title = item.title ?? item.brand ?? t('items.item');
  return (
    <li>
      <Link
        to={`/post/${item.post_id}`}
        className="flex min-h-12 items-center gap-3 rounded-xl px-2 py-1.5 hover:bg-subtle"
      >
        <span className="size-12 shrink-0 overflow-hidden rounded-lg bg-subtle">
          <OwnImage
            src={item.image_url}
            alt=""
            loading="lazy"
            className="size-full object-cover"
            fallback={
              <span className="flex size-full items-center justify-center text-muted">
                <ShirtIcon aria-hidden className="size-5" />
              </span>
            }
          />
        </span>
        <span className="flex min-w-0 flex-col">
          <span dir="auto" className="truncate text-sm font-semibold text-ink">
            {title}
          </span>
          <span className="truncate text-[13px] text-muted">
            {[
              item.brand && item.brand !== title ? item.brand : null,
              item.price === null
                ? null
                : formatPrice(item.price, item.currency, i18n.resolvedLanguage ?? 'en'),
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </span>
      </Link>
    </li>
  );
}

/**
 * The feed's side column on a laptop: suggested creators and trending products, from the explore hub's
 * answer (GET /api/v1/explore, which Explore reads too). A section with nothing to show is left out.
 */
export function HomeSideColumn() {
  const { t } = useTranslation();
  const explore = useExploreQuery();
  const data = explore.data;
  return (
    <aside aria-label={t('home.side.label')} className="flex flex-col gap-6">
      {explore.isPending ? (
        <div aria-hidden className="flex flex-col gap-3">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} className="h-12 rounded-xl" />
          ))}
        </div>
      ) : null}
      {data && data.creators.length > 0 ? (
        <SideSection title={t('home.side.creators')} more="/explore/creators">
          <ul className="flex flex-col">
            {data.creators.slice(0, SHOWN).map((creator) => (
              <CreatorRow key={creator.id} creator={creator} />
            ))}
          </ul>
        </SideSection>
      ) : null}
      {data && data.trending.length > 0 ? (
        <SideSection title={t('home.side.trending')} more="/explore/trending">
          <ul className="flex flex-col">
            {data.trending.slice(0, SHOWN).map((item) => (
              <TrendingRow key={item.id} item={item} />
            ))}
          </ul>
        </SideSection>
      ) : null}
    </aside>
  );
}
