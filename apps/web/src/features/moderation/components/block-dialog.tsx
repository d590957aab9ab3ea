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
import { showToast } from '@/features/posts/utils/toast';
import { useBlockMutation } from '../api/block-profile';
import { isolate } from '../utils/isolate';

export interface BlockDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  profileId: string;
  /** The person's name as shown (username or display name). */
  name: string;
}

/** 'Block {name}?': what blocking does, then Block or Cancel. */
export default function BlockDialog({ open, onOpenChange, profileId, name }: BlockDialogProps) {
  const { t } = useTranslation();
  const block = useBlockMutation(profileId);
  const confirm = () =>
    block.mutate(true, {
      onSuccess: () => {
        onOpenChange(false);
        void showToast('success', t('block.blocked', { name: isolate(name) }));
      },
      onError: () => void showToast('destructive', t('block.error')),
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{t('block.title', { name: isolate(name) })}</DialogTitle>
          <DialogDescription>{t('block.description')}</DialogDescription>
        </DialogHeader>
        <ul className="mt-3 flex list-disc flex-col gap-1.5 ps-5 text-sm text-ink">
          <li>{t('block.effects.content')}</li>
          <li>{t('block.effects.messages')}</li>
          <li>{t('block.effects.follows')}</li>
          <li>{t('block.effects.private')}</li>
        </ul>
        <DialogFooter>
          <Button variant="destructive" size="lg" disabled={block.isPending} onClick={confirm}>
            {block.isPending ? t('block.blocking') : t('block.confirm')}
          </Button>
          <DialogClose asChild>
            <Button variant="ghost" size="lg">
              {t('block.cancel')}
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
