import { GalleryVerticalEndIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoonScreen } from '@/components/layout/coming-soon-screen';

export default function AlbumsScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoonScreen
      title={t('screens.albums.title')}
      description={t('screens.albums.soon')}
      icon={<GalleryVerticalEndIcon />}
      back="/explore"
    />
  );
}
