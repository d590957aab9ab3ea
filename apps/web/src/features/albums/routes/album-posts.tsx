import { ImagesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoonScreen } from '@/components/layout/coming-soon-screen';

export default function AlbumPostsScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoonScreen
      title={t('screens.albumPosts.title')}
      description={t('screens.albumPosts.soon')}
      icon={<ImagesIcon />}
      back="/wishlist"
    />
  );
}
