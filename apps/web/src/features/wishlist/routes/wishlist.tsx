import { HeartIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoonScreen } from '@/components/layout/coming-soon-screen';

export default function WishlistScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoonScreen
      title={t('screens.wishlist.title')}
      description={t('screens.wishlist.soon')}
      icon={<HeartIcon />}
      search
    />
  );
}
