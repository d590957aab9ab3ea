import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{t('deletePost.title')}</DialogTitle>
          <DialogDescription>{t('deletePost.description')}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="destructive" size="lg" disabled={pending} onClick={onConfirm}>
            {pending ? t('deletePost.deleting') : t('deletePost.confirm')}
          </Button>
          <DialogClose asChild>
            <Button variant="ghost" size="lg">
              {t('deletePost.cancel')}
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
