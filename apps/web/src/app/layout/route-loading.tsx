import { Logo } from '@/shared/ui/brand/logo';
import { Skeleton } from '@/shared/ui/skeleton';

/**
 * Shown while the first screen's code loads: the app column, the header bar with the logo and the shape
 * of a screen, no spinner. index.html paints the same markup before any JavaScript runs (the app shell),
 * so the switch from it to this, and from this to the screen's own header, moves nothing.
 */
export function RouteLoading() {
  return (
    <div
      className="relative mx-auto flex min-h-dvh w-full max-w-app flex-col bg-surface sm:border-x sm:border-line/70 sm:shadow-card"
      aria-busy="true"
    >
      <div className="sticky top-0 z-40 border-b border-line/70 bg-surface/90 backdrop-blur-md supports-[backdrop-filter]:bg-surface/80">
        <div className="flex h-header items-center gap-1 px-2">
          <span className="flex h-11 items-center rounded-lg px-2 text-[26px] text-ink">
            <Logo />
          </span>
        </div>
      </div>
      <div className="flex flex-col gap-4 p-4">
        <Skeleton className="h-7 w-40" />
        <Skeleton className="aspect-[4/5] w-full rounded-2xl" />
        <Skeleton className="h-4 w-3/4" />
      </div>
    </div>
  );
}
