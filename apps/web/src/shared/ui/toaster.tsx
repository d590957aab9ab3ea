import { LIMITS } from '@sys/shared';
import { XIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster as Sonner, toast } from 'sonner';

const TOASTER = '[data-sonner-toaster]';

/**
 * Sonner pauses its toasts while the pointer is over them, and resumes only on a `mouseleave` it sees
 * while no press is in progress. A press on a toast released elsewhere, or a toast that moved away from
 * under a resting pointer, left them paused for good (a desktop user saw one for 30 seconds). Here, once
 * the pointer is over anything else, every toast closes within its own duration, whatever Sonner's state.
 */
function useDismissAfterPointerLeaves() {
  useEffect(() => {
    let inside = false;
    let timers: ReturnType<typeof setTimeout>[] = [];
    const clear = () => {
      for (const timer of timers) clearTimeout(timer);
      timers = [];
    };
    const onPointerOver = (event: PointerEvent) => {
      const over = event.target instanceof Element && event.target.closest(TOASTER) !== null;
      if (over) {
        inside = true;
        clear();
        return;
      }
      if (!inside) return;
      inside = false;
      clear();
      timers = toast.getToasts().map((shown) => {
        const duration = 'duration' in shown && shown.duration ? shown.duration : LIMITS.toastDurationMs;
        return setTimeout(() => toast.dismiss(shown.id), Math.min(duration, LIMITS.toastLongDurationMs));
      });
    };
    document.addEventListener('pointerover', onPointerOver);
    return () => {
      document.removeEventListener('pointerover', onPointerOver);
      clear();
    };
  }, []);
}

/**
 * The toast area. Toasts are quiet cards; the spec's destructive toasts (errors) get the danger colour.
 * They appear just below the sticky header, never over its buttons, each with a close button that the
 * keyboard reaches. Show toasts with `notify` from ./toast.
 */
export default function Toaster({ dir }: { dir: 'ltr' | 'rtl' }) {
  const { t } = useTranslation();
  useDismissAfterPointerLeaves();
  // Below the header (its height plus the notch's inset on phones), on every screen width.
  const top = 'calc(var(--spacing-header) + env(safe-area-inset-top, 0px) + 8px)';
  return (
    <Sonner
      dir={dir}
      // Sonner's own stylesheet (inserted later, same specificity) sets a system font: the app's is inherited.
      className="font-[inherit]!"
      position="top-center"
      duration={LIMITS.toastDurationMs}
      gap={8}
      offset={{ top }}
      mobileOffset={{ top, left: 12, right: 12 }}
      closeButton
      icons={{ close: <XIcon aria-hidden className="size-4" /> }}
      containerAriaLabel={t('toast.region')}
      toastOptions={{
        unstyled: true,
        closeButtonAriaLabel: t('toast.close'),
        classNames: {
          toast:
            'flex w-full items-start gap-3 rounded-2xl border border-line bg-surface px-4 py-3 text-ink shadow-pop sm:w-[356px]',
          title: 'text-sm font-semibold',
          description: 'text-[13px] text-muted',
          icon: 'mt-0.5 shrink-0',
          content: 'min-w-0 flex-1',
          // Last in the row (it comes first in the markup), a 32 px target with a visible focus ring.
          closeButton:
            'order-last -me-2 -mt-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full opacity-80 ' +
            'hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current',
          success: '[&_[data-icon]]:text-success',
          // `!`: the toast's own border, background and text colours above would otherwise win (white on white).
          error: 'border-danger! bg-danger! text-white! [&_[data-description]]:text-white/90!',
        },
      }}
    />
  );
}
