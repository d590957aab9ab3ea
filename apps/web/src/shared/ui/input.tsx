import type { ComponentProps } from 'react';
import { cn } from './cn';

/** The look shared by text inputs, text areas and select triggers. */
export const fieldClasses =
  'w-full rounded-xl border border-line-strong bg-surface px-4 text-[15px] text-ink placeholder:text-muted ' +
  'transition-colors hover:border-ink-soft/50 focus-visible:border-accent-600 focus-visible:outline-2 ' +
  'focus-visible:outline-offset-0 focus-visible:outline-accent-600/25 disabled:opacity-50 ' +
  'aria-invalid:border-danger';

export function Input({ className, type, ...props }: ComponentProps<'input'>) {
  return <input type={type ?? 'text'} className={cn(fieldClasses, 'h-11', className)} {...props} />;
}
