// The worker threads of bench/lib/search-bulk.ts run TypeScript: a worker does not inherit the loader
// tsx gave the main thread, so it registers it before loading the worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./search-bulk-worker.ts');
