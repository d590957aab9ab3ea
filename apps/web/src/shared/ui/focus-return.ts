import { useRef } from 'react';

type AutoFocusHandler = (event: Event) => void;

/**
 * Where the keyboard focus goes when a Radix dialog or sheet closes. Radix returns it to the dialog's
 * Trigger; ours are mostly opened from code (a button's onClick sets `open`), and then Radix leaves the
 * focus on <body>, so a keyboard user starts again at the top of the page. This remembers the element
 * that had the focus when the dialog opened and gives it back on close. A caller's own
 * onCloseAutoFocus that prevents the default (it chose a place itself) wins.
 */
export function useFocusReturn(props: {
  onOpenAutoFocus?: AutoFocusHandler;
  onCloseAutoFocus?: AutoFocusHandler;
}): { onOpenAutoFocus: AutoFocusHandler; onCloseAutoFocus: AutoFocusHandler } {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event) => {
      // Runs before the focus moves into the dialog: the active element is the one that opened it.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      props.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event) => {
      props.onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected || target.matches(':disabled')) return;
      event.preventDefault();
      target.focus();
    },
  };
}
