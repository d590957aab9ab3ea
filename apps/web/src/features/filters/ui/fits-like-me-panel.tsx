import { DISCOVERY_LIMITS } from '@sys/shared';
import { RulerIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/shared/ui/button';
import { Skeleton } from '@/shared/ui/skeleton';
import type { FitsEligibility } from '../model/use-fits-eligibility';
import { ToleranceSlider } from './tolerance-slider';

/** How long the slider rests before its value goes to the URL (and the feed is fetched again). */
const TOLERANCE_SETTLE_MS = 350;

export interface FitsLikeMePanelProps {
  eligibility: FitsEligibility;
  /** The tolerance in use; undefined until the server has said which it chose. */
  tolerance: number | undefined;
  /** Whether the server chose the tolerance (widened from the default until enough outfits match). */
  chosenByServer: boolean;
  onToleranceChange: (tolerance: number) => void;
  /** How many posts match, once known ('ready' only). */
  total: number | undefined;
  /** Opens the Registration Required dialog (visitors and guests). */
  onRegister: () => void;
  onTurnOff: () => void;
}

/**
 * Home's 'Fits like me' panel, in the place of Active Filters: what it does and, by who is looking, the
 * tolerance and the count, a way to add measurements, or the invitation to register.
 */
export function FitsLikeMePanel({
  eligibility,
  tolerance,
  chosenByServer,
  onToleranceChange,
  total,
  onRegister,
  onTurnOff,
}: FitsLikeMePanelProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(tolerance);
  useEffect(() => setDraft(tolerance), [tolerance]);
  useEffect(() => {
    if (draft === undefined || draft === tolerance) return;
    const timer = setTimeout(() => onToleranceChange(draft), TOLERANCE_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [draft, tolerance, onToleranceChange]);

  return (
    <section
      aria-labelledby="fits-like-me"
      className="mx-4 flex flex-col gap-3 rounded-2xl border border-line bg-subtle/50 p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="fits-like-me" className="flex items-center gap-2 font-semibold text-ink">
          <RulerIcon aria-hidden className="size-4" />
          {t('fits.title')}
        </h2>
        <Button variant="ghost" size="sm" onClick={onTurnOff}>
          {t('fits.turnOff')}
        </Button>
      </div>
      <p className="text-sm text-muted">{t('fits.description')}</p>
      {eligibility === 'loading' ? (
        <Skeleton className="h-11 w-full" />
      ) : eligibility === 'guest' ? (
        <Button className="self-start" onClick={onRegister}>
          {t('fits.signUp')}
        </Button>
      ) : eligibility === 'no-measurements' ? (
        <div className="flex flex-col items-start gap-2" data-testid="fits-measurements-prompt">
          <p className="text-sm font-medium text-ink">{t('fits.needMeasurements')}</p>
          <p className="text-[13px] text-muted">{t('fits.measurementsShared')}</p>
          <Link to="/profile" className={buttonClasses({ size: 'sm' })}>
            {t('fits.editProfile')}
          </Link>
        </div>
      ) : (
        <>
          {draft === undefined ? (
            <Skeleton className="h-11 w-full" />
          ) : (
            <ToleranceSlider value={draft} onChange={setDraft} />
          )}
          <p role="status" className="text-sm text-muted">
            {total === undefined || tolerance === undefined
              ? '\u00a0'
              : t('fits.showing', { count: total, tolerance })}
          </p>
          {chosenByServer &&
          tolerance !== undefined &&
          tolerance > DISCOVERY_LIMITS.fitsToleranceDefaultCm ? (
            <p className="text-[13px] text-muted">
              {t('fits.widened', { from: DISCOVERY_LIMITS.fitsToleranceDefaultCm, tolerance })}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
