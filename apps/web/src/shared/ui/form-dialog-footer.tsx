import { Button } from './button';
import { DialogClose, DialogFooter } from './dialog';

export interface FormDialogFooterProps {
  cancelLabel: string;
  /** The form's submit button: `submitLabel`, or `pendingLabel` (if given) while the form is sent. */
  submitLabel: string;
  pendingLabel?: string;
  /** The form is being sent: the submit button is disabled. */
  pending?: boolean;
  /** The submit button is disabled for another reason too (nothing to send yet). */
  disabled?: boolean;
  /**
   * Stays at the bottom of a long dialog while its form scrolls, so Cancel and submit are always in
   * view (the dialog should keep focused fields clear of it with a scroll-padding at its bottom).
   */
  sticky?: boolean;
}

/**
 * Cancel and submit at the bottom of a dialog's form (create or rename an album, edit the profile).
 * Cancel closes the dialog like Escape does; submit sends the form it stands in.
 */
export function FormDialogFooter({
  cancelLabel,
  submitLabel,
  pendingLabel,
  pending = false,
  disabled = false,
  sticky = false,
}: FormDialogFooterProps) {
  return (
    <DialogFooter
      className={
        // Full width over the dialog's padding (-mx-6); -mb-6 takes the dialog's own bottom padding, so at
        // the end of the form there is one padding under the buttons, not two.
        sticky
          ? 'sticky bottom-0 z-10 -mx-6 mt-2 -mb-6 border-t border-line bg-surface px-6 pt-3 pb-6'
          : undefined
      }
    >
      <DialogClose asChild>
        <Button variant="outline">{cancelLabel}</Button>
      </DialogClose>
      <Button type="submit" disabled={pending || disabled}>
        {pending && pendingLabel ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
