import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/shared/ui/skeleton';

export function PostFormSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('app.loading')} className="flex flex-col gap-4 px-4">
      <Skeleton className="h-6 w-40" />
      <div className="grid grid-cols-3 gap-2">
        <Skeleton className="aspect-[4/5]" />
        <Skeleton className="aspect-[4/5]" />
      </div>
      <Skeleton className="h-6 w-24" />
      <Skeleton className="h-28" />
    </div>
  );
}
