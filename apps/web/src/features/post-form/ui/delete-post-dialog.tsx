import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';

export interface DeletePostDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending?: boolean;
}

/** 'Delete Post' / 'Are you sure you want to delete this post? This action cannot be undone.' */
export function DeletePostDialog({ open, onOpenChange, onConfirm, pending }: DeletePostDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('deletePost.title')}
      description={t('deletePost.description')}
      confirmLabel={t('deletePost.confirm')}
      pendingLabel={t('deletePost.deleting')}
      cancelLabel={t('deletePost.cancel')}
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}
