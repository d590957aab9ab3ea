import { Skeleton } from '@/components/ui/skeleton';

/** Shown while the first screen's code loads: the shape of a screen, no spinner. */
export function RouteLoading() {
  return (
    <div className="flex flex-col gap-4 p-4" aria-busy="true">
      <Skeleton className="h-7 w-40" />
      <Skeleton className="aspect-[4/5] w-full rounded-2xl" />
      <Skeleton className="h-4 w-3/4" />
    </div>
  );
}
