import { LibraryBigIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoonScreen } from '@/components/layout/coming-soon-screen';

export default function SavedAlbumsScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoonScreen
      title={t('screens.wishlistAlbums.title')}
      description={t('screens.wishlistAlbums.soon')}
      icon={<LibraryBigIcon />}
      back="/wishlist"
    />
  );
}
