import type { ComponentProps } from 'react';
import { cn } from '@/shared/ui/cn';
import { Input } from '@/shared/ui/input';

export const CODE_LENGTH = 6;

export interface CodeInputProps extends Omit<ComponentProps<'input'>, 'value' | 'onChange'> {
  value: string;
  onValueChange: (code: string) => void;
}

/** The 6-digit code of an authenticator app: digits only, the phone's number pad, one-time-code autofill. */
export function CodeInput({ value, onValueChange, className, ...props }: CodeInputProps) {
  return (
    <Input
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern={`[0-9]{${CODE_LENGTH}}`}
      maxLength={CODE_LENGTH}
      dir="ltr"
      value={value}
      onChange={(event) => onValueChange(event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
      className={cn('h-12 text-center font-mono text-xl tracking-[0.4em]', className)}
    />
  );
}
