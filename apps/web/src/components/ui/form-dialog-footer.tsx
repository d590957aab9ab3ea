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
}: FormDialogFooterProps) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline">{cancelLabel}</Button>
      </DialogClose>
      <Button type="submit" disabled={pending || disabled}>
        {pending && pendingLabel ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
