import { DISCOVERY_LIMITS } from '@sys/shared';
import { describe, expect, it } from 'vitest';
import { clampTolerance, fitsSearchParams, hasMeasurements, readFitsChoice } from './fits-params';

describe("'Fits like me' in the URL", () => {
  it('reads ?fits=1&tol=6, and without tol leaves the tolerance to the server', () => {
    expect(readFitsChoice(new URLSearchParams('fits=1&tol=6'))).toEqual({ on: true, tolerance: 6 });
    expect(readFitsChoice(new URLSearchParams('fits=1'))).toEqual({ on: true, tolerance: null });
    expect(readFitsChoice(new URLSearchParams('size=M')).on).toBe(false);
    expect(fitsSearchParams()).toEqual({ fits: '1' });
    expect(fitsSearchParams(6)).toEqual({ fits: '1', tol: '6' });
  });

  it("keeps a hand-made tolerance within the server's bounds", () => {
    expect(readFitsChoice(new URLSearchParams('fits=1&tol=999')).tolerance).toBe(
      DISCOVERY_LIMITS.fitsToleranceMaxCm,
    );
    expect(clampTolerance(0)).toBe(DISCOVERY_LIMITS.fitsToleranceMinCm);
    expect(clampTolerance('-3')).toBe(DISCOVERY_LIMITS.fitsToleranceMinCm);
    expect(clampTolerance('abc')).toBe(DISCOVERY_LIMITS.fitsToleranceDefaultCm);
    expect(clampTolerance(4.6)).toBe(5);
    expect(fitsSearchParams(40)).toEqual({ fits: '1', tol: String(DISCOVERY_LIMITS.fitsToleranceMaxCm) });
  });

  it('needs all three measurements (null: never entered, 0: invalid)', () => {
    const full = { chest_circumference: 90, waist_circumference: 75, hip_circumference: 95 };
    expect(hasMeasurements(full)).toBe(true);
    expect(hasMeasurements({ ...full, waist_circumference: 0 })).toBe(false);
    expect(hasMeasurements({ ...full, hip_circumference: null })).toBe(false);
  });
});
