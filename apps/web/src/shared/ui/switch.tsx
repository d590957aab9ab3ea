import { Switch as SwitchPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        // A 44 px tall hit area around a 28 px track.
        'group relative inline-flex h-11 w-12 shrink-0 items-center disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden
        className="h-7 w-12 rounded-full bg-line-strong transition-colors group-data-[state=checked]:bg-accent-600"
      />
      <SwitchPrimitive.Thumb
        className={cn(
          'absolute start-0.5 size-6 rounded-full bg-white shadow-sm transition-transform duration-150',
          'data-[state=checked]:translate-x-5 rtl:data-[state=checked]:-translate-x-5',
        )}
      />
    </SwitchPrimitive.Root>
  );
}
