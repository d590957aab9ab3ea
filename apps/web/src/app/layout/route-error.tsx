import { RefreshCwIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';

/**
 * Shown when a screen fails to load or render, most often because a new version was deployed and an old
 * screen file is gone: reloading fetches the new version.
 */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <div role="alert" className="flex flex-1 flex-col items-center justify-center">
      <EmptyState
        icon={<RefreshCwIcon />}
        title={t('common.errorTitle')}
        description={t('common.errorDescription')}
        action={<Button onClick={() => window.location.reload()}>{t('common.tryAgain')}</Button>}
      />
    </div>
  );
}
