import { TrendingUpIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoonScreen } from '@/components/layout/coming-soon-screen';

export default function TrendingScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoonScreen
      title={t('screens.trending.title')}
      description={t('screens.trending.soon')}
      icon={<TrendingUpIcon />}
      back="/explore"
    />
  );
}
