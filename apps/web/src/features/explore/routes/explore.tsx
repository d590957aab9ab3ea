import { CompassIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoonScreen } from '@/components/layout/coming-soon-screen';

export default function ExploreScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoonScreen
      title={t('screens.explore.title')}
      description={t('screens.explore.soon')}
      icon={<CompassIcon />}
    />
  );
}
