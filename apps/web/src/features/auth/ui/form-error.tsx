import { CircleAlertIcon } from 'lucide-react';

/**
 * The server's answer to a failed submit, kept on screen (the toast is gone after 1.5 s). Its id goes
 * into the fields' aria-describedby; role="alert" reads it out when it appears.
 */
export function FormError({ id, message }: { id: string; message: string | null }) {
  return (
    <div id={id} role="alert">
      {message ? (
        <p className="flex items-start gap-2 rounded-xl bg-danger-soft px-3 py-2.5 text-[13px] text-danger">
          <CircleAlertIcon aria-hidden className="mt-px size-4 shrink-0" />
          <span>{message}</span>
        </p>
      ) : null}
    </div>
  );
}
