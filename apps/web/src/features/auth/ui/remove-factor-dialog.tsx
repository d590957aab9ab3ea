import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/shared/ui/dialog';

export interface RemoveFactorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending: boolean;
}

/** "Turn off two-step verification?" before an authenticator app is removed. */
export function RemoveFactorDialog({ open, onOpenChange, onConfirm, pending }: RemoveFactorDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent showClose={false}>
        <DialogHeader className="pe-0">
          <DialogTitle>{t('security.totp.removeTitle')}</DialogTitle>
          <DialogDescription>{t('security.totp.removeDescription')}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="destructive" size="lg" onClick={onConfirm} aria-disabled={pending || undefined}>
            {t('security.totp.remove')}
          </Button>
          <DialogClose asChild>
            <Button variant="ghost" size="lg">
              {t('security.cancel')}
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
