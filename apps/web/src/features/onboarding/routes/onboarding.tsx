import { HeartIcon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { onboardedFlag } from '@/lib/local-storage';

/** Decorative stack of outfit cards, standing in for the swipe deck that comes later. */
function CardStack() {
  return (
    <div aria-hidden className="relative mx-auto aspect-[4/5] w-full max-w-[300px]">
      <div className="absolute inset-0 translate-x-3 rotate-[6deg] rounded-2xl bg-accent-100" />
      <div className="absolute inset-0 -translate-x-3 -rotate-[5deg] rounded-2xl bg-subtle" />
      <div className="absolute inset-0 flex flex-col justify-end overflow-hidden rounded-2xl bg-gradient-to-b from-accent-50 to-accent-200 shadow-card">
        <svg
          aria-hidden
          viewBox="0 0 120 150"
          className="absolute inset-0 m-auto h-4/5 text-accent-600/80"
          fill="none"
        >
          <path d="M60 22a7 7 0 1 1 7-7" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          <path d="M60 22v6L22 54h76L60 28" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
          <path
            d="M38 54c-4 20-10 52-14 84h72c-4-32-10-64-14-84"
            fill="currentColor"
            fillOpacity="0.18"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinejoin="round"
          />
          <path d="M46 54c2 8 8 12 14 12s12-4 14-12" stroke="currentColor" strokeWidth="2" />
        </svg>
        <div className="relative flex items-center justify-between p-4">
          <span className="flex size-12 items-center justify-center rounded-full bg-white text-muted shadow-card">
            <XIcon className="size-6" />
          </span>
          <span className="flex size-12 items-center justify-center rounded-full bg-accent-600 text-white shadow-card">
            <HeartIcon className="size-6" fill="currentColor" />
          </span>
        </div>
      </div>
    </div>
  );
}

export default function OnboardingScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const finish = () => {
    onboardedFlag.set();
    navigate('/', { replace: true });
  };

  // Spec section 4: 'Continue as a guest' stores a guest profile, sets onboarded and goes home. The
  // guest code (with its schema) loads on the tap, so it stays off the first screen.
  const finishAsGuest = async () => {
    const { continueAsGuest } = await import('@/features/auth/guest');
    continueAsGuest();
    finish();
  };

  return (
    <div className="flex flex-1 flex-col gap-8 px-6 pt-6">
      <div className="text-center">
        <h1 className="text-2xl font-bold tracking-tight text-ink">{t('onboarding.title')}</h1>
        <p className="mx-auto mt-2 max-w-[34ch] text-[15px] text-muted">{t('onboarding.description')}</p>
      </div>
      <CardStack />
      <p className="mx-auto max-w-[36ch] text-center text-sm text-muted">{t('onboarding.soon')}</p>
      <div className="mx-auto flex w-full max-w-[300px] flex-col gap-2">
        <Button size="lg" onClick={finish}>
          {t('onboarding.skip')}
        </Button>
        <Button size="lg" variant="outline" onClick={() => void finishAsGuest()}>
          {t('guest.continue')}
        </Button>
      </div>
    </div>
  );
}
