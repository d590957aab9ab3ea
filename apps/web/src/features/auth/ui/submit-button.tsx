import { LoaderCircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';

export interface SubmitButtonProps {
  pending: boolean;
  /** Shown (and read out) while the request runs, e.g. 'Signing in...'. */
  pendingLabel: string;
  children: ReactNode;
  className?: string;
}

/**
 * A form's submit button with a pending state. It stays focusable while pending (a disabled button
 * would drop the keyboard focus); the form ignores submits until the request is done.
 */
export function SubmitButton({ pending, pendingLabel, children, className }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      size="lg"
      aria-disabled={pending || undefined}
      className={cn('aria-disabled:cursor-progress aria-disabled:opacity-80', className)}
    >
      {pending ? (
        <>
          <LoaderCircleIcon aria-hidden className="animate-spin motion-reduce:animate-none" />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
