import { countSelected } from '@sys/shared';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { RulerIcon, SearchXIcon } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { FeedPage } from '@/entities/post/api/get-discovery-feed';
import { type FeedDescriptor, postKeys } from '@/entities/post/api/post-keys';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { useRegistrationPrompt } from '@/entities/viewer/ui/use-registration-prompt';
import {
  type FilterChoice,
  filterChoiceParams,
  readFilterChoice,
  rememberFiltersInForce,
  withoutValue,
} from '@/features/filters/lib/filter-url';
import { fitsSearchParams, readFitsChoice } from '@/features/filters/lib/fits-params';
import { useFitsEligibility } from '@/features/filters/model/use-fits-eligibility';
import { ActiveFilters } from '@/features/filters/ui/active-filters';
import { FitsLikeMePanel } from '@/features/filters/ui/fits-like-me-panel';
import { LAPTOP_QUERY, useMediaQuery } from '@/shared/lib/use-media-query';
import { Logo } from '@/shared/ui/brand/logo';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { type FeedOrder, FeedOrderToggle } from './ui/feed-order-toggle';
import { HomeSideColumn } from './ui/home-side-column';
import { InviteFooter } from './ui/invite-footer';
import { PostFeed } from './ui/post-feed';

const LATEST: FeedDescriptor = { kind: 'home' };
const FilterDialog = lazy(() => import('@/features/filters/ui/filter-dialog'));

export default function HomeScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { prompt, dialog } = useRegistrationPrompt();
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The explore filters (with the search words they refine) and 'Fits like me' live in the URL (shareable,
  // kept on reload).
  const choice = readFilterChoice(params);
  const { filters, q } = choice;
  const filtered = countSelected(filters) > 0 || q !== '';
  const filterQuery = filterChoiceParams(choice).toString();
  // 'Filter By...' on Explore opens with the filters this feed shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterQuery is the filters' identity
  useEffect(() => rememberFiltersInForce(filters), [filterQuery]);
  const fits = readFitsChoice(params);
  const showFits = fits.on && !filtered;
  const eligibility = useFitsEligibility(showFits);
  const order: FeedOrder = showFits ? 'fits' : params.get('order') === 'for-you' ? 'for-you' : 'latest';

  let feed: FeedDescriptor | null;
  if (filtered) feed = { kind: 'filtered', query: filterQuery };
  else if (!showFits) feed = order === 'for-you' ? { kind: 'for-you' } : LATEST;
  // Until it is known whether the viewer can use it, no feed; who cannot sees the latest posts under it.
  else if (eligibility === 'loading') feed = null;
  else feed = eligibility === 'ready' ? { kind: 'fits', tolerance: fits.tolerance } : LATEST;
  const counted = useCountedFirstPage(feed);
  const total = counted?.total;
  // The tolerance in use: the person's choice, else the one the server chose (once answered).
  const tolerance = fits.tolerance ?? counted?.tolerance;

  // The side column's data is read only where it shows.
  const laptop = useMediaQuery(LAPTOP_QUERY);

  const registerForFits = useCallback(() => prompt(t('fits.registerAction')), [prompt, t]);
  const changeOrder = (next: FeedOrder) => {
    if (next === 'fits') {
      setParams(fitsSearchParams(fits.tolerance), { replace: true });
      if (eligibility === 'guest') registerForFits();
      return;
    }
    setParams(next === 'for-you' ? { order: next } : {}, { replace: true });
  };
  const showChoice = (next: FilterChoice) => setParams(filterChoiceParams(next), { replace: true });
  const clearFilters = () => setParams({}, { replace: true });
  const changeTolerance = useCallback(
    (tolerance: number) => setParams(fitsSearchParams(tolerance), { replace: true }),
    [setParams],
  );

  return (
    // From tablet width the feed is a comfortable column; on a laptop a side column stands beside it.
    <div className="flex flex-1 justify-center gap-10">
      <div className="flex w-full min-w-0 flex-1 flex-col gap-6 pt-8 md:max-w-feed">
        <div className="flex flex-col items-center px-6 text-center">
          <h1 className="text-[44px] text-ink">
            <Logo title={t('app.name')} />
          </h1>
          <p className="mt-4 max-w-[34ch] text-[15px] leading-relaxed text-muted">{t('app.tagline')}</p>
        </div>
        {filtered ? (
          <ActiveFilters
            filters={filters}
            q={q}
            total={total}
            totalCapped={counted?.total_capped === true}
            onRemove={(category, value) => showChoice(withoutValue(choice, category, value))}
            onRemoveSearch={() => showChoice({ filters, q: '' })}
            onClear={clearFilters}
            onChange={() => setFiltersOpen(true)}
          />
        ) : (
          <FeedOrderToggle value={order} onChange={changeOrder} />
        )}
        {showFits ? (
          <FitsLikeMePanel
            eligibility={eligibility}
            tolerance={tolerance}
            chosenByServer={fits.tolerance === null}
            onToleranceChange={changeTolerance}
            total={total}
            onRegister={registerForFits}
            onTurnOff={() => setParams({}, { replace: true })}
          />
        ) : null}
        {feed ? (
          <PostFeed
            feed={feed}
            empty={
              feed.kind === 'fits' ? (
                <EmptyState
                  icon={<RulerIcon />}
                  title={t('fits.empty')}
                  description={t('fits.emptyDescription')}
                />
              ) : feed.kind === 'filtered' ? (
                <EmptyState
                  icon={<SearchXIcon />}
                  title={t('filters.noResults')}
                  description={t('filters.noResultsDescription')}
                  action={
                    <div className="flex flex-wrap justify-center gap-2">
                      <Button variant="outline" onClick={() => setFiltersOpen(true)} aria-haspopup="dialog">
                        {t('filters.change')}
                      </Button>
                      <Button onClick={clearFilters}>{t('filters.clearAll')}</Button>
                    </div>
                  }
                />
              ) : undefined
            }
          />
        ) : null}
        {filtersOpen ? (
          <Suspense fallback={null}>
            <FilterDialog open onOpenChange={setFiltersOpen} />
          </Suspense>
        ) : null}
        <InviteFooter />
        {dialog}
      </div>
      {laptop ? (
        <div className="w-side shrink-0 pt-8">
          <div className="sticky top-[calc(var(--spacing-header)+2rem)]">
            <HomeSideColumn />
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** A counted feed's first page (filtered, fits like me: its total) in the cache (the feed fetches it). */
function useCountedFirstPage(feed: FeedDescriptor | null): FeedPage | undefined {
  const queryClient = useQueryClient();
  const { viewerId } = useViewer();
  const key = postKeys.feed(feed ?? LATEST, viewerId);
  useIsFetching({ queryKey: key });
  if (feed?.kind !== 'filtered' && feed?.kind !== 'fits') return undefined;
  return queryClient.getQueryData<{ pages: FeedPage[] }>(key)?.pages[0];
}
