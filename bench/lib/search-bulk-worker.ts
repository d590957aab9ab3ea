/**
 * A worker thread of bench/lib/search-bulk.ts: builds the search rows of a stretch of posts with the
 * server's own buildSearchRow and lexiconTerms, and hands back the rows as one JSON document (the form the
 * bulk insert reads) and the stretch's lexicon terms.
 */
import { parentPort } from 'node:worker_threads';
import { buildStretch, type Stretch } from './search-bulk-build.ts';

parentPort?.on('message', (stretch: Stretch) => {
  parentPort?.postMessage(buildStretch(stretch));
});
