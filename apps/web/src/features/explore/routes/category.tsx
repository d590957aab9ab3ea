import { STYLES } from '@sys/shared';
import { SparklesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingSoonScreen } from '@/components/layout/coming-soon-screen';

/** The style's name as the style list writes it ('plus size' -> 'Plus Size'). */
function styleName(category: string): string {
  const known = STYLES.find((style) => style.toLowerCase() === category.toLowerCase());
  if (known) return known;
  return category.replace(/(^|\s)\p{L}/gu, (letter) => letter.toUpperCase());
}

export default function CategoryScreen() {
  const { t } = useTranslation();
  const { category = '' } = useParams();
  return (
    <ComingSoonScreen
      title={t('screens.category.title', { category: styleName(category) })}
      description={t('screens.category.soon')}
      icon={<SparklesIcon />}
      back="/explore"
    />
  );
}
