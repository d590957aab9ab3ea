import { MailIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';

export default function AuthScreen() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col px-4 pt-6">
      <h1 className="text-center text-2xl font-bold tracking-tight text-ink">{t('auth.title')}</h1>
      <EmptyState icon={<MailIcon />} title={t('common.comingSoon')} description={t('auth.soon')} />
    </div>
  );
}
