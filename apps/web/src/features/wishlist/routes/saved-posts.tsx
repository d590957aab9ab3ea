import { BookmarkIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoonScreen } from '@/components/layout/coming-soon-screen';

export default function SavedPostsScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoonScreen
      title={t('screens.wishlistPosts.title')}
      description={t('screens.wishlistPosts.soon')}
      icon={<BookmarkIcon />}
      back="/wishlist"
    />
  );
}
