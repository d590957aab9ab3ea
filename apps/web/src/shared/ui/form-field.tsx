import { type ReactNode, useId } from 'react';
import { cn } from './cn';
import { Label } from './label';

/** What a field's control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FormFieldProps {
  label: ReactNode;
  /** Shown under the label's row, at its end (a "Forgot password?" link, say). */
  labelAction?: ReactNode;
  /** A line of help under the control. */
  hint?: ReactNode;
  /** What is wrong with the value; marks the control invalid and is read out with it. */
  error?: ReactNode;
  /** Ids of further elements that describe the control (a form-wide error, say). */
  describedBy?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form control with optional hint and error, tied together for assistive technology
 * (label `for`, `aria-describedby`, `aria-invalid`).
 */
export function FormField({
  label,
  labelAction,
  hint,
  error,
  describedBy,
  className,
  children,
}: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hint ? hintId : null, error ? errorId : null, describedBy ?? null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex min-h-6 items-center justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        {labelAction}
      </div>
      {children({
        id,
        ...(described ? { 'aria-describedby': described } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
      {hint ? (
        <p id={hintId} className="text-[13px] text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <div id={errorId} className="text-[13px] text-danger">
          {error}
        </div>
      ) : null}
    </div>
  );
}
