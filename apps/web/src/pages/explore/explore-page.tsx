import { LIMITS } from '@sys/shared';
import { HeartIcon, SearchIcon, SlidersHorizontalIcon, SparklesIcon } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useExploreQuery } from '@/entities/post/api/get-explore';
import { useOptionLabel } from '@/entities/post/lib/option-label';
import { Button, buttonClasses } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadError } from '@/shared/ui/load-error';
import { OwnImage } from '@/shared/ui/own-image';
import { Skeleton } from '@/shared/ui/skeleton';
import { TaggedText } from '@/shared/ui/tagged-text';
import { useSearchQuery } from './api/search-posts';
import { useSuggestionsQuery } from './api/search-suggestions';
import { SUGGESTIONS_PAUSE_MS, useSettled } from './model/use-settled';
import { CountedPosts } from './ui/counted-posts';
import { CreatorCard } from './ui/creator-card';
import { ExploreSection } from './ui/explore-section';
import { SearchBox } from './ui/search-box';
import { SearchMatches } from './ui/search-matches';
import { TrendingCard } from './ui/trending-card';

const FilterDialog = lazy(() => import('@/features/filters/ui/filter-dialog'));
const SwipeMode = lazy(() => import('./ui/swipe-mode'));

/** /explore (spec section 2): search, filters, and the hub's sections; ?swipe=1 swipes at once. */
export default function ExploreScreen() {
  const [params, setParams] = useSearchParams();
  if (params.get('swipe') === '1') {
    return (
      <Suspense fallback={null}>
        <SwipeMode onClose={() => setParams({}, { replace: true })} />
      </Suspense>
    );
  }
  return (
    <ExploreHub
      q={params.get('q') ?? ''}
      exact={params.get('exact') === '1'}
      onSearch={(q) => setParams(q ? { q } : {}, { replace: true })}
    />
  );
}

function ExploreHub({ q, exact, onSearch }: { q: string; exact: boolean; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const explore = useExploreQuery();
  const query = useDeferredValue(q.trim());
  const settled = useSettled(q.trim(), SUGGESTIONS_PAUSE_MS);

  return (
    <div className="flex flex-1 flex-col gap-6 pb-8">
      <div className="flex flex-col gap-3 px-4 pt-4">
        <h1 className="text-xl font-bold text-ink">{t('explore.title')}</h1>
        <div className="flex gap-2">
          <SearchBox q={q} onSearch={onSearch} />
          {/* Below 420 px the button shows its icon only (its name stays 'Filter'), so the search box has
              room for its whole placeholder ('Search style, item, branc' was all 390 px showed). */}
          <Button
            variant="outline"
            onClick={() => setFiltersOpen(true)}
            aria-haspopup="dialog"
            className="max-[419px]:w-11 max-[419px]:px-0"
          >
            <SlidersHorizontalIcon aria-hidden className="size-5" />
            <span className="max-[419px]:sr-only">{t('filters.open')}</span>
          </Button>
        </div>
      </div>
      {filtersOpen ? (
        <Suspense fallback={null}>
          <FilterDialog
            open={filtersOpen}
            onOpenChange={setFiltersOpen}
            brands={explore.data?.brands.map((brand) => brand.name)}
          />
        </Suspense>
      ) : null}
      {query ? <SearchResults q={query} exact={exact} settled={settled} /> : <Sections />}
    </div>
  );
}

/** `settled`: the words once typing paused, for the matching people, brands and styles. */
function SearchResults({ q, exact, settled }: { q: string; exact: boolean; settled: string }) {
  const { t } = useTranslation();
  const search = useSearchQuery(q, exact);
  const correctedTo = search.data?.pages[0]?.corrected_to ?? null;
  const matches = useSuggestionsQuery(settled);
  if (search.isPending) {
    return (
      <p role="status" className="px-4 text-muted">
        {t('explore.searching')}
      </p>
    );
  }
  return (
    <section aria-label={t('explore.results')} className="flex flex-col">
      {correctedTo ? <Corrected q={q} correctedTo={correctedTo} /> : null}
      {matches.data ? <SearchMatches matches={matches.data} /> : null}
      <CountedPosts
        page={search}
        countKey="resultsCount"
        columns={3}
        errorTitle={t('explore.searchError')}
        empty={
          <EmptyState
            icon={<SearchIcon />}
            title={t('explore.noResults')}
            description={t('explore.noResultsDescription')}
          />
        }
      />
    </section>
  );
}

/** 'Showing results for zara', and the search of the words as typed ('Search instead for zaar'). */
function Corrected({ q, correctedTo }: { q: string; correctedTo: string }) {
  return (
    <div className="flex flex-col gap-1 px-4 pb-3 text-sm">
      <p className="text-ink">
        <TaggedText
          i18nKey="explore.showingResultsFor"
          tag="term"
          value={correctedTo}
          element={<bdi dir="auto" className="font-semibold" />}
        />
      </p>
      <Link
        to={`/explore?${new URLSearchParams({ q, exact: '1' })}`}
        replace
        className="self-start text-accent-700 underline underline-offset-2"
      >
        <TaggedText
          i18nKey="explore.searchInsteadFor"
          tag="term"
          value={q}
          element={<bdi dir="auto" className="font-semibold" />}
        />
      </Link>
    </div>
  );
}

function Sections() {
  const { t } = useTranslation();
  const label = useOptionLabel();
  const explore = useExploreQuery();
  // Rendered in a transition when it arrives (in slices), not in the query store's synchronous render.
  const data = useDeferredValue(explore.data);

  return (
    <>
      <section className="mx-4 flex flex-col items-start gap-3 rounded-2xl bg-gradient-to-br from-accent-50 to-accent-100 p-5">
        <h2 className="text-lg font-bold text-ink">{t('explore.discover')}</h2>
        <p className="text-sm text-muted">{t('explore.discoverDescription')}</p>
        <div className="flex flex-wrap gap-2">
          <Link to="/explore?swipe=1" className={buttonClasses()}>
            <SparklesIcon aria-hidden className="size-5" />
            {t('explore.startSwiping')}
          </Link>
          <Link to="/explore/preferences" className={buttonClasses({ variant: 'outline' })}>
            <HeartIcon aria-hidden className="size-5" />
            {t('preferences.title')}
          </Link>
        </div>
      </section>
      {explore.isPending || (explore.data && !data) ? (
        <div className="flex flex-col gap-3 px-4" role="status" aria-label={t('explore.loading')}>
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : explore.isError || !data ? (
        <LoadError className="px-4" title={t('explore.loadError')} onRetry={() => void explore.refetch()} />
      ) : (
        <>
          <ExploreSection
            title={t('explore.brands')}
            more="/explore/brands"
            empty={data.brands.length === 0 ? t('explore.noBrands') : null}
          >
            <ul className="grid grid-cols-3 gap-2 md:grid-cols-4 xl:grid-cols-6">
              {data.brands.slice(0, LIMITS.exploreBrands).map((brand) => (
                <li key={brand.id}>
                  <Link
                    to={`/explore/brands/${brand.id}`}
                    className="flex min-h-16 flex-col items-center justify-center rounded-xl border border-line p-2 text-center"
                  >
                    <span dir="auto" className="w-full truncate text-sm font-semibold text-ink">
                      {brand.name}
                    </span>
                    <span className="text-xs text-muted">
                      {t('explore.itemCount', { count: brand.item_count })}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </ExploreSection>
          <ExploreSection
            title={t('explore.creators')}
            more="/explore/creators"
            empty={data.creators.length === 0 ? t('explore.noCreators') : null}
          >
            <ul className="grid grid-cols-3 gap-2 md:grid-cols-4 xl:grid-cols-6">
              {data.creators.slice(0, LIMITS.exploreCreators).map((creator) => (
                <li key={creator.id}>
                  <CreatorCard creator={creator} />
                </li>
              ))}
            </ul>
          </ExploreSection>
          <ExploreSection
            title={t('explore.trending')}
            more="/explore/trending"
            empty={data.trending.length === 0 ? t('explore.noTrending') : null}
          >
            <ul className="grid grid-cols-2 gap-2 md:grid-cols-3 xl:grid-cols-4">
              {data.trending.slice(0, LIMITS.exploreProducts).map((item) => (
                <li key={item.id} className="flex">
                  <TrendingCard item={item} />
                </li>
              ))}
            </ul>
          </ExploreSection>
          <ExploreSection
            title={t('explore.albums')}
            more="/explore/albums"
            empty={data.albums.length === 0 ? t('explore.noAlbums') : null}
          >
            <ul className="grid grid-cols-2 gap-2 md:grid-cols-3 xl:grid-cols-4">
              {data.albums.slice(0, LIMITS.exploreAlbums).map((album) => (
                <li key={album.id}>
                  <Link
                    to={`/explore/albums/${album.id}`}
                    className="block overflow-hidden rounded-xl border border-line"
                  >
                    <span className="block aspect-square bg-subtle">
                      <OwnImage
                        src={album.images[0]?.url}
                        alt=""
                        loading="lazy"
                        className="size-full object-cover"
                      />
                    </span>
                    <span dir="auto" className="block truncate p-2 text-sm font-semibold text-ink">
                      {album.name}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </ExploreSection>
          <ExploreSection title={t('explore.categories')}>
            <ul className="flex flex-wrap gap-2">
              {data.styles.map((style) => (
                <li key={style}>
                  <Link
                    to={`/explore/category/${encodeURIComponent(style.toLowerCase())}`}
                    className="inline-flex h-10 items-center rounded-full border border-line px-4 text-sm font-medium text-ink hover:bg-subtle"
                  >
                    {label('styles', style)}
                  </Link>
                </li>
              ))}
            </ul>
          </ExploreSection>
        </>
      )}
    </>
  );
}
