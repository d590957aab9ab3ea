import { countSelected, filterSetFromSearchParams, filterSetToQueryString } from '@sys/shared';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Logo } from '@/components/brand/logo';
import type { FeedPage } from '@/features/posts/api/get-discovery-feed';
import { type FeedDescriptor, postKeys } from '@/features/posts/api/post-keys';
import { PostFeed } from '@/features/posts/components/post-feed';
import { useViewer } from '@/features/posts/hooks/use-viewer';
import { ActiveFilters } from '../components/active-filters';
import { type FeedOrder, FeedOrderToggle } from '../components/feed-order-toggle';
import { InviteFooter } from '../components/invite-footer';

export default function HomeScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // The explore filters live in the URL (shareable, kept on reload).
  const filters = filterSetFromSearchParams(params);
  const filtered = countSelected(filters) > 0;
  const order: FeedOrder = params.get('order') === 'for-you' ? 'for-you' : 'latest';
  const feed: FeedDescriptor = filtered
    ? { kind: 'filtered', query: filterSetToQueryString(filters) }
    : order === 'for-you'
      ? { kind: 'for-you' }
      : { kind: 'home' };
  const total = useFilteredTotal(feed);

  return (
    <div className="flex flex-1 flex-col gap-6 pt-8">
      <div className="flex flex-col items-center px-6 text-center">
        <h1 className="text-[44px] text-ink">
          <Logo title={t('app.name')} />
        </h1>
        <p className="mt-4 max-w-[34ch] text-[15px] leading-relaxed text-muted">{t('app.tagline')}</p>
      </div>
      {filtered ? (
        <ActiveFilters filters={filters} total={total} onClear={() => setParams({}, { replace: true })} />
      ) : (
        <FeedOrderToggle
          value={order}
          onChange={(next) => setParams(next === 'for-you' ? { order: next } : {}, { replace: true })}
        />
      )}
      <PostFeed feed={feed} />
      <InviteFooter />
    </div>
  );
}

/** The filtered feed's total from its first page in the cache (the feed itself fetches it). */
function useFilteredTotal(feed: FeedDescriptor): number | undefined {
  const queryClient = useQueryClient();
  const { viewerId } = useViewer();
  const key = postKeys.feed(feed, viewerId);
  useIsFetching({ queryKey: key });
  if (feed.kind !== 'filtered') return undefined;
  return queryClient.getQueryData<{ pages: FeedPage[] }>(key)?.pages[0]?.total;
}
