import { useTranslation } from 'react-i18next';
import { PreferencesPanel } from '@/features/swipe/ui/preferences-panel';
import { PageHeader } from '@/shared/ui/layout/page-header';

/** /explore/preferences: what the swipes taught, opened from explore or the own profile. */
export default function PreferencesScreen() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col gap-2 pb-8">
      <PageHeader title={t('preferences.title')} back="/explore" />
      <p className="px-4 text-sm text-muted">{t('preferences.description')}</p>
      <PreferencesPanel />
    </div>
  );
}
