import type { NotifyOptions } from './toast';

/**
 * The toasts, loaded on first use: the feed and its cards show no toast until someone acts, so sonner stays
 * out of the first screen's code.
 */
export async function showToast(
  kind: 'success' | 'info' | 'destructive',
  title: string,
  options?: NotifyOptions,
): Promise<void> {
  const { notify } = await import('./toast');
  notify[kind](title, options);
}
