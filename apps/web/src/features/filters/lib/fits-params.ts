import { DISCOVERY_LIMITS } from '@sys/shared';

/**
 * 'Fits like me' in the URL, like the filters (shareable, kept on reload): `?fits=1&tol=4`, the tolerance
 * in whole cm within the server's bounds (DISCOVERY_LIMITS.fitsTolerance*). Without `tol` the server
 * chooses it: the default, widened until enough outfits match.
 */
export const FITS_PARAM = 'fits';
export const TOLERANCE_PARAM = 'tol';

export interface FitsChoice {
  on: boolean;
  /** The tolerance the person chose; null: the server's. */
  tolerance: number | null;
}

/** A tolerance as the server takes it: a whole number within the bounds; anything else is the default. */
export function clampTolerance(value: unknown): number {
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return DISCOVERY_LIMITS.fitsToleranceDefaultCm;
  return Math.min(
    DISCOVERY_LIMITS.fitsToleranceMaxCm,
    Math.max(DISCOVERY_LIMITS.fitsToleranceMinCm, Math.round(number)),
  );
}

export function readFitsChoice(params: URLSearchParams): FitsChoice {
  const tolerance = params.get(TOLERANCE_PARAM);
  return {
    on: params.get(FITS_PARAM) === '1',
    tolerance: tolerance === null ? null : clampTolerance(tolerance),
  };
}

export function fitsSearchParams(tolerance: number | null = null): Record<string, string> {
  if (tolerance === null) return { [FITS_PARAM]: '1' };
  return { [FITS_PARAM]: '1', [TOLERANCE_PARAM]: String(clampTolerance(tolerance)) };
}

/** Whether a profile has the three measurements 'Fits like me' compares (null: never entered; 0: invalid). */
export function hasMeasurements(profile: {
  chest_circumference: number | null;
  waist_circumference: number | null;
  hip_circumference: number | null;
}): boolean {
  const { chest_circumference: chest, waist_circumference: waist, hip_circumference: hip } = profile;
  return chest !== null && chest > 0 && waist !== null && waist > 0 && hip !== null && hip > 0;
}
