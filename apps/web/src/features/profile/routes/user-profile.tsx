import { UserRoundIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingSoonScreen } from '@/components/layout/coming-soon-screen';

export default function UserProfileScreen() {
  const { t } = useTranslation();
  const { username = '' } = useParams();
  return (
    <ComingSoonScreen
      title={t('screens.userProfile.title', { username })}
      description={t('screens.userProfile.soon')}
      icon={<UserRoundIcon />}
      back="/explore"
    />
  );
}
