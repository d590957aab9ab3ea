/**
 * A name inside a translated sentence, wrapped in Unicode isolates (FSI ... PDI, what <bdi> does) so
 * that a Latin username keeps its order inside a Hebrew sentence and the other way round.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
