import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';

export interface SignOutDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}

/** 'Sign out?' before the header's sign-out icon signs out: one stray tap must not end the session. */
export default function SignOutDialog({ open, onOpenChange, onConfirm }: SignOutDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('header.signOutConfirm.title')}
      description={t('header.signOutConfirm.description')}
      confirmLabel={t('header.signOutConfirm.confirm')}
      pendingLabel={t('header.signOutConfirm.pending')}
      cancelLabel={t('header.signOutConfirm.cancel')}
      onConfirm={onConfirm}
    />
  );
}
