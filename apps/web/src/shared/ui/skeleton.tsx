import type { ComponentProps } from 'react';
import { cn } from './cn';

/** A placeholder block shown while content loads (instead of a spinner). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden className={cn('animate-pulse rounded-xl bg-line/70', className)} {...props} />;
}
