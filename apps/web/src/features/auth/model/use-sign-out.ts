import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { loadAuthClient } from '@/shared/api/load-auth-client';
import { forgetPersonalData } from '@/shared/lib/personal-data';

/** Signs out and says so: 'Signed out successfully', or 'Sign out error' with the reason. */
export function useSignOut(): () => Promise<void> {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  return useCallback(async () => {
    // Loaded on use: the toasts' code is not needed on the first screen.
    const { notify } = await import('@/shared/ui/toast');
    try {
      const client = await loadAuthClient();
      const { error } = await client.signOut();
      if (error) {
        notify.destructive(t('auth.signOutError'), { description: error.message });
        return;
      }
      // Nothing the signed-in user saw or wrote may stay: the cache, and an unpublished draft.
      queryClient.clear();
      await forgetPersonalData();
      notify.success(t('auth.signedOut'));
    } catch (error) {
      notify.destructive(t('auth.signOutError'), {
        description: error instanceof Error ? error.message : String(error),
      });
    }
  }, [t, queryClient]);
}
