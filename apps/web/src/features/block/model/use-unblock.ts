import { useTranslation } from 'react-i18next';
import { showToast } from '@/shared/ui/show-toast';
import { isolated as isolate } from '@/shared/ui/user-name';
import { useBlockMutation } from '../api/block-profile';

/** Unblock a person from a button or menu item: the toast says '{name} unblocked', or that it failed. */
export function useUnblock(profileId: string, name: string) {
  const { t } = useTranslation();
  const mutation = useBlockMutation(profileId);
  return {
    pending: mutation.isPending,
    unblock: () =>
      mutation.mutate(false, {
        onSuccess: () => void showToast('success', t('block.unblocked', { name: isolate(name) })),
        onError: () => void showToast('destructive', t('block.error')),
      }),
  };
}
