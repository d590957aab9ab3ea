import type { ComponentProps } from 'react';
import { cn } from './cn';
import { fieldClasses } from './input';

export function Textarea({ className, rows, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows ?? 3} className={cn(fieldClasses, 'resize-y py-3', className)} {...props} />;
}
