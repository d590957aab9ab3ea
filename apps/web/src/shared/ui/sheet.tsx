import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';
import { DialogOverlay } from './dialog';
import { useFocusReturn } from './focus-return';
import { IconButton } from './icon-button';

/**
 * A bottom sheet on phones (slides up from the bottom of the app column) and a centred dialog from tablet
 * width (md). Built on the Radix dialog, so focus, Escape and screen readers behave the same.
 */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

export function SheetContent({
  className,
  children,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  const { t } = useTranslation();
  const focusReturn = useFocusReturn(props);
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed inset-x-0 bottom-0 z-50 mx-auto flex max-h-[85dvh] w-full max-w-app flex-col',
          'rounded-t-2xl bg-surface pb-safe shadow-pop outline-none',
          'data-[state=open]:animate-sheet-in data-[state=closed]:animate-sheet-out',
          // From tablet width (md), where the navigation is a rail: a centred dialog.
          'md:bottom-auto md:top-1/2 md:w-[calc(100%-2rem)] md:max-w-[480px] md:max-h-[80dvh] md:-translate-y-1/2 md:rounded-2xl',
          'md:data-[state=open]:animate-pop-in md:data-[state=closed]:animate-fade-out',
          className,
        )}
        {...props}
        {...focusReturn}
      >
        <div aria-hidden className="mx-auto mt-2.5 h-1 w-10 shrink-0 rounded-full bg-line-strong md:hidden" />
        {children}
        <DialogPrimitive.Close asChild>
          <IconButton aria-label={t('common.close')} className="absolute end-2 top-2 text-muted">
            <XIcon aria-hidden />
          </IconButton>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function SheetHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1 px-5 pt-3 pb-2 pe-14 text-start', className)} {...props} />;
}

export function SheetBody({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('min-h-0 flex-1 overflow-y-auto px-5 pb-5', className)} {...props} />;
}

export const SheetTitle = ({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) => (
  <DialogPrimitive.Title className={cn('text-lg font-semibold tracking-tight', className)} {...props} />
);

export const SheetDescription = ({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) => (
  <DialogPrimitive.Description className={cn('text-sm text-muted', className)} {...props} />
);
