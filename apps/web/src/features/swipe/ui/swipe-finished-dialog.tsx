import type { ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/shared/ui/dialog';

export interface SwipeFinishedDialogProps {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}

/** The dialog after 5 swipes or the last outfit: onboarding's sign-in/guest choice, explore's completion. */
export function SwipeFinishedDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: SwipeFinishedDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        showClose={!!onOpenChange}
        onEscapeKeyDown={onOpenChange ? undefined : (e) => e.preventDefault()}
        onInteractOutside={onOpenChange ? undefined : (e) => e.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle className="text-center">{title}</DialogTitle>
          {description ? <DialogDescription className="text-center">{description}</DialogDescription> : null}
        </DialogHeader>
        <DialogFooter className="mt-4 flex flex-col gap-2">{children}</DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
