import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { showToast } from '@/shared/ui/show-toast';
import { isolated as isolate } from '@/shared/ui/user-name';
import { useBlockMutation } from '../api/block-profile';

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
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('block.title', { name: isolate(name) })}
      description={t('block.description')}
      confirmLabel={t('block.confirm')}
      pendingLabel={t('block.blocking')}
      cancelLabel={t('block.cancel')}
      pending={block.isPending}
      onConfirm={confirm}
    >
      <ul className="mt-3 flex list-disc flex-col gap-1.5 ps-5 text-sm text-ink">
        <li>{t('block.effects.content')}</li>
        <li>{t('block.effects.messages')}</li>
        <li>{t('block.effects.follows')}</li>
        <li>{t('block.effects.private')}</li>
      </ul>
    </ConfirmDialog>
  );
}
