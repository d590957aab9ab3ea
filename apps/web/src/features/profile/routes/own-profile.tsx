import { UserRoundIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoonScreen } from '@/components/layout/coming-soon-screen';

export default function OwnProfileScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoonScreen
      title={t('screens.profile.title')}
      description={t('screens.profile.soon')}
      icon={<UserRoundIcon />}
    />
  );
}
