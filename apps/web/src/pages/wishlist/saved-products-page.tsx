import { useTranslation } from 'react-i18next';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { PageHeader } from '@/shared/ui/layout/page-header';
import { LoadError } from '@/shared/ui/load-error';
import { Skeleton } from '@/shared/ui/skeleton';
import { useSavedProductsQuery } from './api/get-saved-products';
import {
  LoadMore,
  Miss,
  SavedCount,
  SavedProductRow,
  SearchBox,
  useDebounced,
  useSearchText,
  WishlistSignUp,
} from './ui/wishlist-parts';

function SavedProducts() {
  const { t } = useTranslation();
  const [q, setQ] = useSearchText();
  const search = useDebounced(q.trim());
  const products = useSavedProductsQuery(search);
  const items = products.data?.pages.flatMap((page) => page.items) ?? [];
  const total = products.data?.pages[0]?.total;
  return (
    <div className="flex flex-col gap-4 pb-8">
      <SearchBox value={q} onChange={setQ} label={t('wishlist.searchProducts')} />
      {products.isPending ? (
        <Skeleton className="mx-4 h-60" />
      ) : products.isError && !products.data ? (
        <LoadError title={t('wishlist.productsLoadError')} onRetry={() => void products.refetch()} />
      ) : items.length === 0 ? (
        <Miss
          searching={search !== ''}
          empty={t('wishlist.noProducts')}
          emptyHint={t('wishlist.noProductsHint')}
          notFound={t('wishlist.productsNotFound')}
        />
      ) : (
        <>
          {total === undefined ? null : <SavedCount kind="products" total={total} />}
          <ul className="flex flex-col divide-y divide-line px-4">
            {items.map((product) => (
              <SavedProductRow key={product.item.id} product={product} />
            ))}
          </ul>
          <LoadMore show={products.hasNextPage} onClick={() => void products.fetchNextPage()} />
        </>
      )}
    </div>
  );
}

export default function SavedProductsScreen() {
  const { t } = useTranslation();
  const { isSignedIn, isLoading } = useViewer();
  return (
    <>
      <PageHeader title={t('wishlist.savedProducts')} back="/wishlist" />
      {isLoading ? null : isSignedIn ? <SavedProducts /> : <WishlistSignUp />}
    </>
  );
}
