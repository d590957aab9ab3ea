import { RulerIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Switch } from '@/shared/ui/switch';
import type { FitsEligibility } from '../model/use-fits-eligibility';
import { ToleranceSlider } from './tolerance-slider';

export interface FitsFilterSectionProps {
  eligibility: FitsEligibility;
  on: boolean;
  onOnChange: (on: boolean) => void;
  tolerance: number;
  onToleranceChange: (tolerance: number) => void;
  /** Opens the Registration Required dialog (visitors and guests). */
  onRegister: () => void;
}

/**
 * 'Fits like me' in the filter dialog: a switch with what it does and its tolerance. A visitor or guest who
 * flips it is asked to register; a user without measurements is sent to Edit Profile.
 */
export function FitsFilterSection({
  eligibility,
  on,
  onOnChange,
  tolerance,
  onToleranceChange,
  onRegister,
}: FitsFilterSectionProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 border-b border-line py-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="flex items-center gap-2 text-base font-semibold text-ink">
            <RulerIcon aria-hidden className="size-4" />
            {t('fits.title')}
          </h3>
          <p id={descriptionId} className="mt-1 text-[13px] text-muted">
            {t('fits.description')}
          </p>
        </div>
        <Switch
          aria-labelledby={titleId}
          aria-describedby={descriptionId}
          checked={on}
          disabled={eligibility === 'loading' || eligibility === 'no-measurements'}
          onCheckedChange={(checked) => {
            if (eligibility === 'guest') onRegister();
            else onOnChange(checked);
          }}
        />
      </div>
      {eligibility === 'no-measurements' ? (
        <p className="text-[13px] font-medium text-ink">
          {t('fits.needMeasurements')}{' '}
          <Link to="/profile" className="font-semibold text-accent-700 underline underline-offset-2">
            {t('fits.editProfile')}
          </Link>
        </p>
      ) : null}
      {on && eligibility === 'ready' ? (
        <>
          <ToleranceSlider value={tolerance} onChange={onToleranceChange} />
          <p className="text-[13px] text-muted">{t('fits.filterNote')}</p>
        </>
      ) : null}
    </section>
  );
}
