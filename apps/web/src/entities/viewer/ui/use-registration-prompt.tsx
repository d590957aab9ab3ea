import { type ReactNode, Suspense, useCallback, useState } from 'react';
import { lazyWithPreload, usePreloadWhenIdle } from '@/shared/lib/lazy';

// The dialog's code (Radix dialog, focus trap) loads when the browser is idle, not with the screen.
const RegistrationRequiredDialog = lazyWithPreload(() => import('./registration-required-dialog'));

export interface RegistrationPrompt {
  /** Opens 'To {action}, you need to register'; `action` is already translated ("follow users"). */
  prompt: (action: string) => void;
  /** Render this once in the screen (null until the first prompt). */
  dialog: ReactNode;
}

/**
 * For screens with actions that need an account: `prompt(t('...'))` when a guest or visitor tries one,
 * and `{dialog}` somewhere in the screen.
 */
export function useRegistrationPrompt(): RegistrationPrompt {
  const [state, setState] = useState<{ open: boolean; action: string; opener: HTMLElement | null } | null>(
    null,
  );
  usePreloadWhenIdle(RegistrationRequiredDialog.preload);

  const prompt = useCallback((action: string) => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setState({ open: true, action, opener });
  }, []);
  const onOpenChange = useCallback(
    (open: boolean) => setState((current) => (current ? { ...current, open } : current)),
    [],
  );

  const dialog = state ? (
    <Suspense fallback={null}>
      <RegistrationRequiredDialog
        open={state.open}
        onOpenChange={onOpenChange}
        action={state.action}
        returnFocusTo={state.opener}
      />
    </Suspense>
  ) : null;

  return { prompt, dialog };
}
