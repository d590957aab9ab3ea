import { type ReactNode, useRef } from 'react';
import { Button } from './button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** What the action does, in more detail (a list of effects), between the description and the buttons. */
  children?: ReactNode;
  /** The destructive button: `confirmLabel`, or `pendingLabel` (disabled) while the action runs. */
  confirmLabel: string;
  pendingLabel: string;
  cancelLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  /** A third, gentler way out between the destructive button and Cancel (e.g. 'Save draft'). */
  secondary?: { label: string; onClick: () => void } | undefined;
}

/**
 * 'Are you sure?' before something that cannot be taken back (delete a post or an album, block a
 * person, forget one's preferences): an alert dialog whose destructive button comes first and Cancel
 * (or Escape) closes it. The focus starts on Cancel, the choice that changes nothing (WAI-ARIA's alert
 * dialog pattern), so Enter or Space pressed by habit does not confirm.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  pendingLabel,
  cancelLabel,
  pending = false,
  onConfirm,
  secondary,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        role="alertdialog"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          cancel.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <Button variant="destructive" size="lg" disabled={pending} onClick={onConfirm}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
          {secondary ? (
            <Button variant="secondary" size="lg" disabled={pending} onClick={secondary.onClick}>
              {secondary.label}
            </Button>
          ) : null}
          <DialogClose asChild>
            <Button ref={cancel} variant="ghost" size="lg">
              {cancelLabel}
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
