import { CopyIcon } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import { IconButton } from '@/shared/ui/icon-button';
import { notify } from '@/shared/ui/toast';
import type { TotpEnrollment } from '../api/enroll-totp';
import { useVerifyTotpEnrollment } from '../api/verify-totp-enrollment';
import { CodeField, useCodeField } from './code-field';
import { SubmitButton } from './submit-button';

/** The key in groups of four, easier to copy by hand. */
const groupKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export interface TotpSetupProps {
  userId: string;
  enrollment: TotpEnrollment;
  onDone: () => void;
  onCancel: () => void;
}

/** Adding an authenticator app: scan the QR code (or type the key), then confirm with its first code. */
export function TotpSetup({ userId, enrollment, onDone, onCancel }: TotpSetupProps) {
  const { t } = useTranslation();
  const field = useCodeField();
  const verify = useVerifyTotpEnrollment(userId);

  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(enrollment.secret);
      notify.success(t('security.totp.keyCopied'));
    } catch {
      // No clipboard (insecure context, refused): the key is on screen, selectable.
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending || !field.validate()) return;
    verify.mutate(
      { factorId: enrollment.factorId, code: field.code },
      {
        onSuccess: () => {
          notify.success(t('security.totp.enabled'));
          onDone();
        },
        onError: (failure) => field.refuse(failure, t('security.totp.verifyError')),
      },
    );
  };

  return (
    <ol className="mt-4 flex flex-col gap-5 border-t border-line pt-4">
      <li className="flex flex-col gap-3">
        <p className="text-sm text-ink-soft">{t('security.totp.scan')}</p>
        <img
          src={enrollment.qrImageSrc}
          alt={t('security.totp.qrAlt')}
          width={200}
          height={200}
          className="size-[200px] self-center rounded-xl border border-line bg-white p-2"
        />
      </li>
      <li className="flex flex-col gap-2">
        <p className="text-sm text-ink-soft">{t('security.totp.manual')}</p>
        <div className="flex items-center gap-1 rounded-xl bg-subtle ps-3">
          <code dir="ltr" className="min-w-0 flex-1 py-2 font-mono text-[13px] tracking-wide text-ink">
            {groupKey(enrollment.secret)}
          </code>
          <IconButton aria-label={t('security.totp.copyKey')} onClick={() => void copyKey()}>
            <CopyIcon aria-hidden />
          </IconButton>
        </div>
      </li>
      <li>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
          <CodeField label={t('security.totp.code')} field={field} />
          <div className="flex flex-col gap-2">
            <SubmitButton pending={verify.isPending} pendingLabel={t('security.totp.verifying')}>
              {t('security.totp.turnOn')}
            </SubmitButton>
            <Button variant="ghost" onClick={onCancel}>
              {t('security.cancel')}
            </Button>
          </div>
        </form>
      </li>
    </ol>
  );
}
