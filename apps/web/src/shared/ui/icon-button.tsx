import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export type IconButtonVariant = 'ghost' | 'subtle' | 'primary';

const variants: Record<IconButtonVariant, string> = {
  ghost: 'text-ink hover:bg-subtle',
  subtle: 'bg-subtle text-ink hover:bg-line',
  primary: 'bg-accent-600 text-white hover:bg-accent-700',
};

export interface IconButtonProps extends Omit<ComponentProps<'button'>, 'aria-label'> {
  /** An icon has no text, so its name for assistive technology is required. */
  'aria-label': string;
  variant?: IconButtonVariant;
  asChild?: boolean;
}

/** A round, 44 px tap target around a 22-24 px icon. */
export function IconButton({
  variant = 'ghost',
  asChild = false,
  className,
  type,
  ...props
}: IconButtonProps) {
  const classes = cn(
    'inline-flex size-11 shrink-0 items-center justify-center rounded-full transition-colors duration-150',
    'disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-[22px] [&_svg]:shrink-0',
    variants[variant],
    className,
  );
  if (asChild) return <Slot.Root className={classes} {...props} />;
  return <button type={type ?? 'button'} className={classes} {...props} />;
}
