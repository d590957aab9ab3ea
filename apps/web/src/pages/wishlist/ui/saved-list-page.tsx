import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { cn } from '@/shared/ui/cn';
import { PageHeader } from '@/shared/ui/layout/page-header';
import { LoadError } from '@/shared/ui/load-error';
import {
  LoadMore,
  Miss,
  SavedCount,
  SearchBox,
  useDebounced,
  useSearchText,
  WishlistSignUp,
} from './wishlist-parts';

type Kind = 'posts' | 'products' | 'albums';

const TEXTS = {
  posts: {
    title: 'wishlist.savedPosts',
    search: 'wishlist.searchPosts',
    loadError: 'wishlist.postsLoadError',
    empty: 'wishlist.noPosts',
    emptyHint: 'wishlist.noPostsHint',
    notFound: 'wishlist.postsNotFound',
  },
  products: {
    title: 'wishlist.savedProducts',
    search: 'wishlist.searchProducts',
    loadError: 'wishlist.productsLoadError',
    empty: 'wishlist.noProducts',
    emptyHint: 'wishlist.noProductsHint',
    notFound: 'wishlist.productsNotFound',
  },
  albums: {
    title: 'wishlist.savedAlbums',
    search: 'wishlist.searchAlbums',
    loadError: 'wishlist.albumsLoadError',
    empty: 'wishlist.noAlbums',
    emptyHint: 'wishlist.noAlbumsHint',
    notFound: 'wishlist.albumsNotFound',
  },
} as const;

/** What a See-all list needs of its query (an infinite query of pages with a total). */
interface SavedListQuery<Item> {
  data?: { pages: { items: Item[]; total?: number }[] };
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
}

export interface SavedListPageProps<Item> {
  kind: Kind;
  /** The query of the saved things matching a search (a hook). */
  useItems: (search: string) => SavedListQuery<Item>;
  skeleton: ReactNode;
  list: (items: Item[]) => ReactNode;
  /** The list has its own side margins; the search box and the count reach the edges. */
  inset?: boolean;
}

function SavedList<Item>({ kind, useItems, skeleton, list, inset }: SavedListPageProps<Item>) {
  const { t } = useTranslation();
  const texts = TEXTS[kind];
  const [q, setQ] = useSearchText();
  const search = useDebounced(q.trim());
  const query = useItems(search);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total;
  const edgeToEdge = (node: ReactNode) => (inset ? <div className="-mx-4">{node}</div> : node);
  return (
    <div className={cn('flex flex-col gap-4', inset && 'px-4', 'pb-8')}>
      {edgeToEdge(<SearchBox value={q} onChange={setQ} label={t(texts.search)} />)}
      {query.isPending ? (
        skeleton
      ) : query.isError && !query.data ? (
        <LoadError title={t(texts.loadError)} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <Miss
          searching={search !== ''}
          empty={t(texts.empty)}
          emptyHint={t(texts.emptyHint)}
          notFound={t(texts.notFound)}
        />
      ) : (
        <>
          {total === undefined ? null : edgeToEdge(<SavedCount kind={kind} total={total} />)}
          {list(items)}
          <LoadMore show={query.hasNextPage} onClick={() => void query.fetchNextPage()} />
        </>
      )}
    </div>
  );
}

/** A wishlist 'See all' screen: the saved posts, products or albums, searchable, a page at a time. */
export function SavedListPage<Item>(props: SavedListPageProps<Item>) {
  const { t } = useTranslation();
  const { isSignedIn, isLoading } = useViewer();
  return (
    <>
      <PageHeader title={t(TEXTS[props.kind].title)} back="/wishlist" />
      {isLoading ? null : isSignedIn ? <SavedList {...props} /> : <WishlistSignUp />}
    </>
  );
}
