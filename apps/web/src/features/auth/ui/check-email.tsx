import { MailCheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { AuthHeading } from './auth-heading';

export interface CheckEmailProps {
  title: string;
  description: ReactNode;
  action: ReactNode;
}

/** "Check your email": the state after a mail was sent (confirmation, password reset). */
export function CheckEmail({ title, description, action }: CheckEmailProps) {
  return (
    <div className="flex flex-col items-center gap-8" role="status">
      <AuthHeading icon={<MailCheckIcon />} title={title} description={description} focusOnMount />
      {action}
    </div>
  );
}
