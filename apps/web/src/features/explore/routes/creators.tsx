import { UsersRoundIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoonScreen } from '@/components/layout/coming-soon-screen';

export default function CreatorsScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoonScreen
      title={t('screens.creators.title')}
      description={t('screens.creators.soon')}
      icon={<UsersRoundIcon />}
      back="/explore"
    />
  );
}
