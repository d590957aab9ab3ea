import { BookImageIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoonScreen } from '@/components/layout/coming-soon-screen';

export default function AlbumScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoonScreen
      title={t('screens.album.title')}
      description={t('screens.album.soon')}
      icon={<BookImageIcon />}
      back="/explore/albums"
    />
  );
}
