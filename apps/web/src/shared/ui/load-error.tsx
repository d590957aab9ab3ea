import { RefreshCwIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { EmptyState } from './empty-state';

export interface LoadErrorProps {
  /** What could not be loaded ("Your saved posts could not be loaded"). */
  title: string;
  /** Loads again (a query's refetch). */
  onRetry: () => void;
  className?: string;
}

/**
 * A list or screen whose data failed to load: says so, and offers "Try again". Never looks like the
 * empty state, so nobody takes a failed load for "nothing here".
 */
export function LoadError({ title, onRetry, className }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <div role="alert" className={className}>
      <EmptyState
        icon={<RefreshCwIcon />}
        title={title}
        description={t('common.loadErrorDescription')}
        action={
          <Button variant="outline" onClick={onRetry}>
            {t('common.tryAgain')}
          </Button>
        }
      />
    </div>
  );
}
