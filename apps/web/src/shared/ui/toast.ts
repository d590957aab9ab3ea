import { LIMITS } from '@sys/shared';
import { toast } from 'sonner';

export interface NotifyOptions {
  description?: string;
  /** Milliseconds; the spec's default is 1500, a few toasts last 2000. */
  duration?: number;
}

/** The app's toasts. `destructive` is the spec's error variant. */
export const notify = {
  success(title: string, options: NotifyOptions = {}) {
    return toast.success(title, options);
  },
  info(title: string, options: NotifyOptions = {}) {
    return toast(title, options);
  },
  destructive(title: string, options: NotifyOptions = {}) {
    return toast.error(title, { duration: LIMITS.toastDurationMs, ...options });
  },
};
