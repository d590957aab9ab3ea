import { LIMITS } from '@sys/shared';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadedSwipeDeck } from '@/features/swipe/ui/loaded-swipe-deck';
import { SwipeHint } from '@/features/swipe/ui/swipe-hint';
import { lazyWithPreload, usePreloadWhenIdle } from '@/shared/lib/lazy';
import { onboardedFlag } from '@/shared/lib/local-storage';
import { returnPathIn, withReturnPath } from '@/shared/lib/return-path';
import { Logo } from '@/shared/ui/brand/logo';
import { Button } from '@/shared/ui/button';

// The sign-in/guest dialog opens only after the fifth swipe: its code (Radix dialog, focus trap, scroll
// lock) loads while the browser is idle, not with the first screen.
const SwipeFinishedDialog = lazyWithPreload(() =>
  import('@/features/swipe/ui/swipe-finished-dialog').then((module) => ({
    default: module.SwipeFinishedDialog,
  })),
);

/** /onboarding (spec sections 2 and 4): swipe a few outfits, then sign in or continue as a guest. */
export default function OnboardingScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A shared link opened on a first visit: where to land once onboarding (or sign-in) is done.
  const [searchParams] = useSearchParams();
  const returnPath = returnPathIn(searchParams);
  const leave = () => navigate(returnPath ?? '/', { replace: true });
  const [finished, setFinished] = useState(false);
  // Mounted from the first time it opens on (so it can also animate closed).
  const [dialogMounted, setDialogMounted] = useState(false);
  if (finished && !dialogMounted) setDialogMounted(true);
  usePreloadWhenIdle(SwipeFinishedDialog.preload);

  const signIn = () => {
    onboardedFlag.set();
    navigate(withReturnPath('/auth', returnPath));
  };

  // 'Continue as a guest' stores a guest profile, sets onboarded and goes home. The guest code (with its
  // schema) loads on the tap, so it stays off the first screen.
  const continueAsGuest = async () => {
    const guest = await import('@/entities/viewer/model/guest');
    guest.continueAsGuest();
    onboardedFlag.set();
    leave();
  };

  const onSwipe = (_post: unknown, _action: unknown, swipes: number) => {
    if (swipes >= LIMITS.swipesBeforePrompt) setFinished(true);
  };

  return (
    <div className="flex flex-1 flex-col items-center gap-4 px-4 pt-6 pb-8">
      <div className="flex flex-col items-center gap-2 text-center">
        <span className="text-[32px] text-ink">
          <Logo title={t('app.name')} />
        </span>
        <h1 className="text-2xl font-bold tracking-tight text-ink">{t('onboarding.title')}</h1>
        <SwipeHint text={t('onboarding.hint')} />
        <p className="mx-auto max-w-[34ch] text-[15px] text-muted">{t('onboarding.description')}</p>
      </div>
      <LoadedSwipeDeck onSwipe={onSwipe} onEnd={() => setFinished(true)} paused={finished} />
      <Button
        variant="ghost"
        size="sm"
        onClick={() => {
          onboardedFlag.set();
          leave();
        }}
      >
        {t('onboarding.skip')}
      </Button>
      <Button variant="ghost" size="sm" onClick={() => void continueAsGuest()}>
        {t('guest.continue')}
      </Button>
      {dialogMounted ? (
        <Suspense fallback={null}>
          <SwipeFinishedDialog
            open={finished}
            onOpenChange={setFinished}
            title={t('onboarding.finishedTitle')}
          >
            <Button size="lg" onClick={signIn}>
              {t('onboarding.signIn')}
            </Button>
            <Button size="lg" variant="outline" onClick={() => void continueAsGuest()}>
              {t('guest.continue')}
            </Button>
          </SwipeFinishedDialog>
        </Suspense>
      ) : null}
    </div>
  );
}
