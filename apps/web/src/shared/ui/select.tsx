import { CheckIcon, ChevronDownIcon } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';
import { fieldClasses } from './input';

export interface SelectOption {
  /** Never empty: the spec forbids an option with an empty value (Radix uses '' for "no value"). */
  value: string;
  label: string;
}

export interface SelectProps extends Omit<ComponentProps<typeof SelectPrimitive.Root>, 'children'> {
  options: readonly SelectOption[];
  placeholder?: string;
  id?: string;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-invalid'?: boolean;
}

/** A single-choice select on the Radix primitive: keyboard, typeahead and screen readers included. */
export function Select({
  options,
  placeholder,
  id,
  className,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  'aria-invalid': ariaInvalid,
  ...rootProps
}: SelectProps) {
  return (
    <SelectPrimitive.Root {...rootProps}>
      <SelectPrimitive.Trigger
        id={id}
        aria-label={ariaLabel}
        aria-labelledby={ariaLabelledBy}
        aria-invalid={ariaInvalid}
        className={cn(
          fieldClasses,
          'flex h-11 items-center justify-between gap-2 text-start data-[placeholder]:text-muted',
          className,
        )}
      >
        {/* A long value is cut with an ellipsis rather than pushing the field wider than its box. */}
        {/* dir="auto": a Latin value in a Hebrew screen is cut at its own end, not its start. */}
        <span dir="auto" className="min-w-0 truncate">
          <SelectPrimitive.Value placeholder={placeholder} />
        </span>
        <SelectPrimitive.Icon asChild>
          <ChevronDownIcon aria-hidden className="size-4 shrink-0 text-muted" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={6}
          className={cn(
            'z-50 max-h-[min(320px,var(--radix-select-content-available-height))] min-w-[var(--radix-select-trigger-width)]',
            'overflow-hidden rounded-xl border border-line bg-surface shadow-pop',
            'data-[state=open]:animate-fade-in',
          )}
        >
          <SelectPrimitive.Viewport className="p-1">
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}

function SelectItem({ className, children, value, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
  if (value === '') throw new Error('A select option may not have an empty value.');
  return (
    <SelectPrimitive.Item
      value={value}
      className={cn(
        'relative flex h-10 cursor-pointer select-none items-center rounded-lg ps-9 pe-3 text-[15px] text-ink outline-none',
        'data-[highlighted]:bg-subtle data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    >
      <SelectPrimitive.ItemIndicator className="absolute start-3 inline-flex">
        <CheckIcon aria-hidden className="size-4 text-accent-600" />
      </SelectPrimitive.ItemIndicator>
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
    </SelectPrimitive.Item>
  );
}
