/**
 * A whole number with commas between thousands, as `toLocaleString('en-US')` writes it (2200 → "2,200").
 * The spec's messages are built from limits when a module is first evaluated; the first
 * `toLocaleString` of a page loads the browser's number-formatting data (about 40 ms of a phone's CPU
 * in one task, issue 20), which this does without.
 */
export function groupDigits(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`groupDigits takes a whole number, not ${value}`);
  const digits = String(Math.abs(value));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 ? `-${grouped}` : grouped;
}
