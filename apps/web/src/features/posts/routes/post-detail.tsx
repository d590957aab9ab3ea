import { ShirtIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoonScreen } from '@/components/layout/coming-soon-screen';

export default function PostDetailScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoonScreen
      title={t('screens.post.title')}
      description={t('screens.post.soon')}
      icon={<ShirtIcon />}
      back
    />
  );
}
