import { useTranslation } from 'react-i18next';
import { showToast } from '@/shared/ui/show-toast';
import { isolated as isolate } from '@/shared/ui/user-name';
import { useMuteMutation } from '../api/mute-profile';

/** Mute or unmute a person from a menu item or button: the toast says which, or that it failed. */
export function useMute(profileId: string, name: string) {
  const { t } = useTranslation();
  const mutation = useMuteMutation(profileId);
  const set = (muted: boolean) =>
    mutation.mutate(muted, {
      onSuccess: () =>
        void showToast('success', t(muted ? 'mute.muted' : 'mute.unmuted', { name: isolate(name) })),
      onError: () => void showToast('destructive', t('mute.error')),
    });
  return { pending: mutation.isPending, mute: () => set(true), unmute: () => set(false) };
}
