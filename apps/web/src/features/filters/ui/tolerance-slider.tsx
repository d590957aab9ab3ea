import { DISCOVERY_LIMITS } from '@sys/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface ToleranceSliderProps {
  value: number;
  onChange: (tolerance: number) => void;
}

/** The 'Fits like me' tolerance: whole cm within the server's bounds, by finger, mouse or arrow keys. */
export function ToleranceSlider({ value, onChange }: ToleranceSliderProps) {
  const { t } = useTranslation();
  const id = useId();
  const shown = t('fits.toleranceValue', { count: value });
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-2 text-sm">
        <label htmlFor={id} className="font-medium text-ink">
          {t('fits.tolerance')}
        </label>
        <span aria-hidden className="font-semibold text-ink tabular-nums">
          {shown}
        </span>
      </div>
      <input
        id={id}
        type="range"
        min={DISCOVERY_LIMITS.fitsToleranceMinCm}
        max={DISCOVERY_LIMITS.fitsToleranceMaxCm}
        step={1}
        value={value}
        aria-valuetext={shown}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-11 w-full cursor-pointer accent-accent-600"
      />
    </div>
  );
}
