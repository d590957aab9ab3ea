import { ShoppingBagIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoonScreen } from '@/components/layout/coming-soon-screen';

export default function SavedProductsScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoonScreen
      title={t('screens.wishlistProducts.title')}
      description={t('screens.wishlistProducts.soon')}
      icon={<ShoppingBagIcon />}
      back="/wishlist"
    />
  );
}
