import { LIMITS } from '@sys/shared';
import { Toaster as Sonner } from 'sonner';

/**
 * The toast area. Toasts are quiet cards; the spec's destructive toasts (errors) get the danger colour.
 * Show toasts with `notify` from ./toast.
 */
export default function Toaster({ dir }: { dir: 'ltr' | 'rtl' }) {
  return (
    <Sonner
      dir={dir}
      // Sonner's own stylesheet (inserted later, same specificity) sets a system font: the app's is inherited.
      className="font-[inherit]!"
      position="top-center"
      duration={LIMITS.toastDurationMs}
      gap={8}
      offset={{ top: 12 }}
      mobileOffset={{ top: 12, left: 12, right: 12 }}
      toastOptions={{
        unstyled: true,
        classNames: {
          toast:
            'flex w-full items-start gap-3 rounded-2xl border border-line bg-surface px-4 py-3 text-ink shadow-pop sm:w-[356px]',
          title: 'text-sm font-semibold',
          description: 'text-[13px] text-muted',
          icon: 'mt-0.5 shrink-0',
          success: '[&_[data-icon]]:text-success',
          // `!`: the toast's own border, background and text colours above would otherwise win (white on white).
          error: 'border-danger! bg-danger! text-white! [&_[data-description]]:text-white/90!',
        },
      }}
    />
  );
}
