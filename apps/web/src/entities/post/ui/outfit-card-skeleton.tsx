import { Skeleton } from '@/shared/ui/skeleton';

/** The shape of an outfit card while it loads. */
export function OutfitCardSkeleton() {
  return (
    <div aria-hidden className="bg-surface sm:rounded-2xl sm:shadow-card">
      <div className="flex items-center gap-2.5 px-3 py-3">
        <Skeleton className="size-9 rounded-full" />
        <Skeleton className="h-4 w-32" />
      </div>
      <Skeleton className="aspect-[4/5] w-full rounded-none" />
      <div className="flex flex-col gap-2 px-4 py-4">
        <Skeleton className="h-4 w-3/4" />
        <div className="flex gap-1.5">
          <Skeleton className="h-8 w-16 rounded-full" />
          <Skeleton className="h-8 w-20 rounded-full" />
          <Skeleton className="h-8 w-14 rounded-full" />
        </div>
      </div>
    </div>
  );
}
