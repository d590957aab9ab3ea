import { LIMITS } from '@sys/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '@/shared/ui/show-toast';

/**
 * What a guest's tap on Edit, Share or Messages of their own profile does (spec, own profile): the
 * destructive toast 'Sign in required' for 2 s, then /auth. The header's Messages icon on that screen
 * does the same, so both ways to Messages agree.
 */
export function useSignInRequired(): () => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useCallback(() => {
    void showToast('destructive', t('profile.signInRequired'), { duration: LIMITS.toastLongDurationMs });
    navigate('/auth');
  }, [t, navigate]);
}
