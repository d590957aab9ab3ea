import { HeartIcon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * 'Swipe left for X | Swipe right for heart', with the icons in place of the words; it follows the reading
 * direction, so in Hebrew it mirrors. Screen readers get the whole sentence.
 */
export function SwipeHint({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <p className="flex items-center gap-2 text-sm text-muted">
      <span className="sr-only">{text}</span>
      <span aria-hidden className="inline-flex items-center gap-1.5">
        {t('swipe.leftFor')} <XIcon className="size-4" />
        <span className="px-1 text-line">|</span>
        {t('swipe.rightFor')} <HeartIcon className="size-4 text-accent-600" fill="currentColor" />
      </span>
    </p>
  );
}
