import { useTranslation } from 'react-i18next';
import { TastePanel } from '@/features/swipe/ui/taste-panel';
import { PageHeader } from '@/shared/ui/layout/page-header';

/** /explore/taste: 'Your taste', opened from explore or the own profile. */
export default function TasteScreen() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col gap-2 pb-8">
      <PageHeader title={t('taste.title')} back="/explore" />
      <p className="px-4 text-sm text-muted">{t('taste.description')}</p>
      <TastePanel />
    </div>
  );
}
