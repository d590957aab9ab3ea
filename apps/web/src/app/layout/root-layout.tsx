import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useSession } from '@/entities/viewer/model/use-session';
import { mayAskForPush } from '@/features/push/model/push-support';
import { usePushOpened } from '@/features/push/model/use-push-opened';
import { useMergeSwipesOnSignIn } from '@/features/swipe/model/use-merge-swipes-on-sign-in';
import { cn } from '@/shared/ui/cn';
import { useOfflineReads } from '../offline-reads';
import { OnboardingGate } from '../onboarding-gate';
import { useOutbox } from '../outbox';
import { ScrollToTop } from '../scroll-to-top';

export const MAIN_CONTENT_ID = 'main-content';

// Only an installed app that has never asked loads the question's code (dialog, subscription).
const PushPrompt = lazy(() => import('@/features/push/ui/push-prompt'));

/**
 * Wraps every screen: the onboarding rule, scroll-to-top, the app (a column on phones), and notifications
 * (the one question after a first action, and a tapped notification's screen).
 */
export function RootLayout() {
  const { t } = useTranslation();
  useMergeSwipesOnSignIn();
  useOfflineReads();
  const signedIn = useSession().user !== null;
  usePushOpened(signedIn);
  // Decided once per visit: answering the question must not take it off the screen mid-answer.
  const [mayAsk] = useState(mayAskForPush);
  useOutbox();
  return (
    <div
      className={cn(
        'relative mx-auto flex min-h-dvh w-full max-w-app flex-col bg-surface sm:border-x sm:border-line/70 sm:shadow-card',
        // From tablet width the app takes the whole window: the navigation rail and the screen beside it.
        'md:max-w-none md:border-x-0 md:shadow-none',
      )}
    >
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded-lg bg-ink px-4 py-2 text-white focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
      >
        {t('app.skipToContent')}
      </a>
      <ScrollToTop />
      <OnboardingGate>
        <Outlet />
      </OnboardingGate>
      {mayAsk && signedIn ? (
        <Suspense fallback={null}>
          <PushPrompt signedIn />
        </Suspense>
      ) : null}
    </div>
  );
}
