import { DISCOVERY_LIMITS } from '@sys/shared';
import { describe, expect, it } from 'vitest';
import { clampTolerance, fitsSearchParams, hasMeasurements, readFitsChoice } from './fits-params';

describe("'Fits like me' in the URL", () => {
  it('reads ?fits=1&tol=6 and defaults the tolerance to 4 cm', () => {
    expect(readFitsChoice(new URLSearchParams('fits=1&tol=6'))).toEqual({ on: true, tolerance: 6 });
    expect(readFitsChoice(new URLSearchParams('fits=1'))).toEqual({
      on: true,
      tolerance: DISCOVERY_LIMITS.fitsToleranceDefaultCm,
    });
    expect(readFitsChoice(new URLSearchParams('size=M')).on).toBe(false);
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

  it('needs all three measurements (0 means not given)', () => {
    const full = { chest_circumference: 90, waist_circumference: 75, hip_circumference: 95 };
    expect(hasMeasurements(full)).toBe(true);
    expect(hasMeasurements({ ...full, waist_circumference: 0 })).toBe(false);
  });
});
