import { LIMITS, type Post, type SwipeAction } from '@sys/shared';
import { XIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSavePostAction } from '@/entities/post/api/save-post';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { readLocalSwipeEvents } from '@/features/swipe/lib/swipe-storage';
import { LoadedSwipeDeck } from '@/features/swipe/ui/loaded-swipe-deck';
import { SwipeFinishedDialog } from '@/features/swipe/ui/swipe-finished-dialog';
import { SwipeHint } from '@/features/swipe/ui/swipe-hint';
import { hasStoredAuthSession, onboardedFlag } from '@/shared/lib/local-storage';
import { Button } from '@/shared/ui/button';
import { IconButton } from '@/shared/ui/icon-button';
import { showToast } from '@/shared/ui/show-toast';

/**
 * Whether the 3 s hint shows (spec: "if the onboarded flag is unset a hint shows for 3 s at start"). The
 * onboarding rule sends everyone without the flag to /onboarding before /explore can open, so the flag
 * alone never shows it; what it is for is someone's first swipes, so it also shows to a visitor who has
 * never swiped in this browser (who skipped onboarding). Signed-in users' swipes live on the server.
 */
function isFirstSwipe(): boolean {
  return !onboardedFlag.get() || (!hasStoredAuthSession() && readLocalSwipeEvents().length === 0);
}

/**
 * Explore's swipe mode (/explore?swipe=1, spec sections 2 and 4): a like shows the 'saved' toast and, for a
 * signed-in user, saves the post as the save button does (the wishlist is refreshed at once); after 5 swipes, at the end, or on closing after a swipe, the completion
 * dialog; closing goes back to /explore.
 */
export default function SwipeMode({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { isSignedIn } = useViewer();
  const savePost = useSavePostAction();
  const [swipes, setSwipes] = useState(0);
  const [finished, setFinished] = useState(false);
  const [hint, setHint] = useState(isFirstSwipe);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (!hint) return;
    const timer = setTimeout(() => setHint(false), LIMITS.onboardingHintMs);
    return () => clearTimeout(timer);
  }, [hint]);

  const onSwipe = (post: Post, action: SwipeAction, count: number) => {
    setSwipes(count);
    if (action === 'like') {
      void showToast('success', t('swipe.saved'), { duration: LIMITS.toastDurationMs });
      if (isSignedIn) savePost(post.id, true).catch((error: unknown) => console.warn('Not saved', error));
    }
    if (count >= LIMITS.swipesBeforePrompt) setFinished(true);
  };

  const close = () => {
    if (swipes > 0 && !finished) setFinished(true);
    else onClose();
  };

  return (
    <div className="flex flex-1 flex-col items-center gap-3 px-4 pb-8">
      <div className="flex min-h-14 w-full items-center gap-1 pt-2">
        <h1 ref={heading} tabIndex={-1} className="flex-1 text-xl font-bold text-ink outline-none">
          {t('swipe.title')}
        </h1>
        <IconButton aria-label={t('common.close')} onClick={close}>
          <XIcon aria-hidden />
        </IconButton>
      </div>
      <p className="text-center text-lg font-semibold text-ink">{t('swipe.prompt')}</p>
      <SwipeHint text={t('swipe.hint')} />
      {hint ? (
        <p role="status" className="rounded-xl bg-accent-50 px-4 py-2 text-center text-sm text-accent-700">
          {t('swipe.firstHint')}
        </p>
      ) : null}
      <LoadedSwipeDeck onSwipe={onSwipe} onEnd={() => setFinished(true)} paused={finished} />
      <SwipeFinishedDialog
        open={finished}
        onOpenChange={(open) => !open && onClose()}
        title={t('swipe.doneTitle')}
        description={t('swipe.doneDescription', { count: swipes })}
      >
        <Button size="lg" onClick={onClose}>
          {t('swipe.backToExplore')}
        </Button>
      </SwipeFinishedDialog>
    </div>
  );
}
