import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '@/entities/viewer/model/use-session';
import { lazyWithPreload, usePreloadWhenIdle } from '@/shared/lib/lazy';

// The dialog's code (Radix dialog, focus trap, scroll lock) loads when the browser is idle, not upfront.
const SignUpToUploadDialog = lazyWithPreload(() => import('./sign-up-to-upload-dialog'));

/**
 * Create, as the bottom bar and the rail both offer it: a signed-in person goes to /create-post, a
 * visitor is asked to sign up first. `dialog` is that question, to render next to the button.
 */
export function useCreateAction() {
  const navigate = useNavigate();
  const { user } = useSession();
  const [promptOpen, setPromptOpen] = useState(false);
  const [promptUsed, setPromptUsed] = useState(false);
  usePreloadWhenIdle(SignUpToUploadDialog.preload);

  const onCreate = () => {
    if (user) {
      navigate('/create-post');
      return;
    }
    setPromptUsed(true);
    setPromptOpen(true);
  };

  const dialog = promptUsed ? (
    <Suspense fallback={null}>
      <SignUpToUploadDialog open={promptOpen} onOpenChange={setPromptOpen} />
    </Suspense>
  ) : null;

  return { onCreate, asksFirst: !user, dialog };
}
