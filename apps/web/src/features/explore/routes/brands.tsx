import { TagIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoonScreen } from '@/components/layout/coming-soon-screen';

export default function BrandsScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoonScreen
      title={t('screens.brands.title')}
      description={t('screens.brands.soon')}
      icon={<TagIcon />}
      back="/explore"
    />
  );
}
