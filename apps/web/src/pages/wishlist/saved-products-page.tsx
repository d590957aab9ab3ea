import { Skeleton } from '@/shared/ui/skeleton';
import { useSavedProductsQuery } from './api/get-saved-products';
import { SavedListPage } from './ui/saved-list-page';
import { SavedProductRow } from './ui/wishlist-parts';

export default function SavedProductsScreen() {
  return (
    <SavedListPage
      kind="products"
      useItems={useSavedProductsQuery}
      skeleton={<Skeleton className="mx-4 h-60" />}
      list={(items) => (
        <ul className="flex flex-col divide-y divide-line px-4">
          {items.map((product) => (
            <SavedProductRow key={product.item.id} product={product} />
          ))}
        </ul>
      )}
    />
  );
}
