import { XIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';

const chipBase =
  'inline-flex h-8 max-w-full items-center gap-1.5 truncate rounded-full border px-3 text-[13px] font-medium transition-colors';

interface ChipLookProps {
  /** A CSS colour shown as a small dot before the label (for colour chips). */
  swatch?: string;
  children: ReactNode;
}

function Swatch({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      className="size-3 shrink-0 rounded-full border border-black/10"
      style={{ backgroundColor: color }}
    />
  );
}

export interface ChipProps extends ChipLookProps, Omit<ComponentProps<'span'>, 'children'> {}

/** A pill label: brand, size, colour (with a swatch), pattern, style. */
export function Chip({ swatch, children, className, ...props }: ChipProps) {
  return (
    <span className={cn(chipBase, 'border-line bg-subtle text-ink-soft', className)} {...props}>
      {swatch ? <Swatch color={swatch} /> : null}
      {children}
    </span>
  );
}

export interface ToggleChipProps extends ChipLookProps, Omit<ComponentProps<'button'>, 'children'> {
  selected: boolean;
}

/** A pill that can be switched on and off (filters, style choices); announces its state. */
export function ToggleChip({ swatch, selected, children, className, type, ...props }: ToggleChipProps) {
  return (
    <button
      type={type ?? 'button'}
      aria-pressed={selected}
      className={cn(
        chipBase,
        'h-9',
        selected
          ? 'border-ink bg-ink text-white'
          : 'border-line-strong bg-surface text-ink hover:border-ink-soft hover:bg-subtle',
        className,
      )}
      {...props}
    >
      {swatch ? <Swatch color={swatch} /> : null}
      {children}
    </button>
  );
}

export interface RemovableChipProps extends Omit<ComponentProps<'button'>, 'children'> {
  children: ReactNode;
  /** The button's name, saying what it removes ('Remove Color: Black'). */
  'aria-label': string;
}

/** A pill with an ×: pressing it removes the value it shows (Home's active filters). */
export function RemovableChip({ children, className, type, ...props }: RemovableChipProps) {
  return (
    <button
      type={type ?? 'button'}
      className={cn(
        chipBase,
        'h-9 border-line bg-subtle pe-2 text-ink-soft hover:border-ink-soft hover:text-ink',
        className,
      )}
      {...props}
    >
      <span className="truncate">{children}</span>
      <XIcon aria-hidden className="size-4 shrink-0" />
    </button>
  );
}
