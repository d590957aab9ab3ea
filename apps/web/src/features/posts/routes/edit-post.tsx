import { PencilLineIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoonScreen } from '@/components/layout/coming-soon-screen';

export default function EditPostScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoonScreen
      title={t('screens.editPost.title')}
      description={t('screens.editPost.soon')}
      icon={<PencilLineIcon />}
      back="/profile"
    />
  );
}
