import { MessageCircleIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoonScreen } from '@/components/layout/coming-soon-screen';

export default function MessagesScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoonScreen
      title={t('screens.messages.title')}
      description={t('screens.messages.soon')}
      icon={<MessageCircleIcon />}
      back
    />
  );
}
