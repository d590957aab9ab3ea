import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/shared/ui/skeleton';

/** A label and its control, as the editor's fields draw them. */
function FieldSkeleton({ className }: { className?: string }) {
  return (
    <div className={className}>
      <div className="flex flex-col gap-1.5">
        <Skeleton className="h-6 w-20" />
        <Skeleton className="h-11" />
      </div>
    </div>
  );
}

/**
 * A product's box while the product editor's code loads (its selects: Radix and floating-ui): as large as
 * the editor and with its title, so nothing moves when the editor takes its place. The product's values
 * are the form's, so nothing typed or chosen is lost meanwhile.
 */
export function ProductEditorSkeleton({ number }: { number: number }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-label={t('app.loading')}
      className="flex min-w-0 flex-col gap-4 rounded-2xl border border-line bg-surface p-4"
    >
      <p className="flex h-11 items-center text-base font-semibold text-ink">
        {t('product.title', { number })}
      </p>
      <div className="flex flex-col gap-1.5">
        <Skeleton className="h-6 w-28" />
        <Skeleton className="h-11" />
        <Skeleton className="h-4 w-3/4" />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <FieldSkeleton />
        <FieldSkeleton />
        <FieldSkeleton />
        <FieldSkeleton />
        <FieldSkeleton />
        <FieldSkeleton className="col-span-2" />
      </div>
      <div className="flex flex-col gap-2">
        <Skeleton className="h-5 w-24" />
        <Skeleton className="h-9 w-36" />
      </div>
    </div>
  );
}
