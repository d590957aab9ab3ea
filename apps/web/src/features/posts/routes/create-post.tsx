import { ImagePlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoonScreen } from '@/components/layout/coming-soon-screen';

export default function CreatePostScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoonScreen
      title={t('screens.createPost.title')}
      description={t('screens.createPost.soon')}
      icon={<ImagePlusIcon />}
      back
    />
  );
}
