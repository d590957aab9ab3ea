import { StoreIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoonScreen } from '@/components/layout/coming-soon-screen';

export default function BrandScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoonScreen
      title={t('screens.brand.title')}
      description={t('screens.brand.soon')}
      icon={<StoreIcon />}
      back="/explore/brands"
    />
  );
}
