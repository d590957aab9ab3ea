import type { Factor } from '@supabase/auth-js';
import {
  BellIcon,
  KeyRoundIcon,
  LaptopIcon,
  ShieldCheckIcon,
  ShieldIcon,
  SmartphoneIcon,
} from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '@/entities/viewer/model/use-session';
import { type TotpEnrollment, useEnrollTotp } from '@/features/auth/api/enroll-totp';
import { useVerifiedTotpFactors } from '@/features/auth/api/get-factors';
import { useSignOutOtherDevices } from '@/features/auth/api/sign-out-other-devices';
import { useUnenrollFactor } from '@/features/auth/api/unenroll-factor';
import { useAuthErrorMessage } from '@/features/auth/lib/auth-errors';
import { RemoveFactorDialog } from '@/features/auth/ui/remove-factor-dialog';
import { TotpSetup } from '@/features/auth/ui/totp-setup';
import { usePushSetting } from '@/features/push/model/use-push-setting';
import { loadAuthClient } from '@/shared/api/load-auth-client';
import { dateTimeFormat } from '@/shared/lib/intl';
import { Button, buttonClasses } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { EmailText } from '@/shared/ui/email-text';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/layout/page-header';
import { Skeleton } from '@/shared/ui/skeleton';
import { notify } from '@/shared/ui/toast';

function Section({
  icon,
  title,
  description,
  status,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  status?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-line bg-surface p-4 shadow-card"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-50 text-accent-600 [&_svg]:size-5"
        >
          {icon}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex items-center justify-between gap-2">
            <h2 id={headingId} className="text-base font-semibold text-ink">
              {title}
            </h2>
            {status}
          </div>
          <p className="mt-0.5 text-[13px] text-muted">{description}</p>
        </div>
      </div>
      {children}
    </section>
  );
}

function StatusPill({ on }: { on: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        on ? 'bg-success/10 text-success' : 'bg-subtle text-muted',
      )}
    >
      {on ? t('security.on') : t('security.off')}
    </span>
  );
}

function FactorRow({ factor, onRemove }: { factor: Factor; onRemove: () => void }) {
  const { t, i18n } = useTranslation();
  const added = dateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium' }).format(
    new Date(factor.created_at),
  );
  return (
    <li className="flex items-center gap-3 py-3">
      <SmartphoneIcon aria-hidden className="size-5 shrink-0 text-muted" />
      <div className="min-w-0 flex-1">
        <p dir="auto" className="truncate text-[15px] font-medium text-ink">
          {factor.friendly_name || t('security.totp.appName')}
        </p>
        <p className="text-[13px] text-muted">{t('security.totp.added', { date: added })}</p>
      </div>
      <Button variant="outline" size="sm" className="text-danger" onClick={onRemove}>
        {t('security.totp.remove')}
      </Button>
    </li>
  );
}

function TwoStepVerification({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const authErrorMessage = useAuthErrorMessage();
  const factors = useVerifiedTotpFactors(userId);
  const enroll = useEnrollTotp(userId);
  const unenroll = useUnenrollFactor(userId);
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null);
  const [removing, setRemoving] = useState<Factor | null>(null);
  const verified = factors.data ?? [];

  const start = () => {
    if (enroll.isPending) return;
    enroll.mutate(undefined, {
      onSuccess: setEnrollment,
      onError: (failure) =>
        notify.destructive(t('security.totp.enrollError'), { description: authErrorMessage(failure) }),
    });
  };

  const cancel = () => {
    const pending = enrollment;
    setEnrollment(null);
    // An unfinished set-up is removed at once (the server also drops it after a while).
    if (pending) void loadAuthClient().then((client) => client.mfa.unenroll({ factorId: pending.factorId }));
  };

  const confirmRemove = () => {
    if (!removing || unenroll.isPending) return;
    unenroll.mutate(removing.id, {
      onSuccess: () => notify.success(t('security.totp.disabled')),
      onError: (failure) =>
        notify.destructive(t('security.totp.removeError'), { description: authErrorMessage(failure) }),
      onSettled: () => setRemoving(null),
    });
  };

  let body: ReactNode;
  if (factors.isPending) {
    body = <Skeleton className="mt-4 h-11 w-full" />;
  } else if (factors.isError) {
    body = (
      <div className="mt-4 flex items-center justify-between gap-3">
        <p className="text-[13px] text-danger">{t('security.loadError')}</p>
        <Button variant="outline" size="sm" onClick={() => void factors.refetch()}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  } else if (enrollment) {
    body = (
      <TotpSetup
        userId={userId}
        enrollment={enrollment}
        onDone={() => setEnrollment(null)}
        onCancel={cancel}
      />
    );
  } else if (verified.length > 0) {
    body = (
      <ul className="mt-2 divide-y divide-line border-t border-line">
        {verified.map((factor) => (
          <FactorRow key={factor.id} factor={factor} onRemove={() => setRemoving(factor)} />
        ))}
      </ul>
    );
  } else {
    body = (
      <Button className="mt-4 w-full" onClick={start} aria-disabled={enroll.isPending || undefined}>
        {enroll.isPending ? t('security.totp.starting') : t('security.totp.setUp')}
      </Button>
    );
  }

  return (
    <Section
      icon={<ShieldCheckIcon />}
      title={t('security.totp.title')}
      description={t('security.totp.description')}
      status={factors.isSuccess ? <StatusPill on={verified.length > 0} /> : null}
    >
      {body}
      <RemoveFactorDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        onConfirm={confirmRemove}
        pending={unenroll.isPending}
      />
    </Section>
  );
}

function OtherDevices() {
  const { t } = useTranslation();
  const authErrorMessage = useAuthErrorMessage();
  const signOutOthers = useSignOutOtherDevices();
  // Every other session ends and cannot be brought back: asked first, like any such action.
  const [confirming, setConfirming] = useState(false);
  const run = () => {
    if (signOutOthers.isPending) return;
    signOutOthers.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notify.success(t('security.devices.done'));
      },
      onError: (failure) =>
        notify.destructive(t('security.devices.error'), { description: authErrorMessage(failure) }),
    });
  };
  return (
    <Section
      icon={<LaptopIcon />}
      title={t('security.devices.title')}
      description={t('security.devices.description')}
    >
      <Button variant="outline" className="mt-4 w-full" onClick={() => setConfirming(true)}>
        {t('security.devices.signOutOthers')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('security.devices.confirmTitle')}
        description={t('security.devices.confirmDescription')}
        confirmLabel={t('security.devices.confirm')}
        pendingLabel={t('security.devices.pending')}
        cancelLabel={t('security.cancel')}
        pending={signOutOthers.isPending}
        onConfirm={run}
      />
    </Section>
  );
}

function PasswordSection() {
  const { t } = useTranslation();
  return (
    <Section
      icon={<KeyRoundIcon />}
      title={t('security.password.title')}
      description={t('security.password.description')}
    >
      <Link to="/auth/reset" className={buttonClasses({ variant: 'outline', className: 'mt-4 w-full' })}>
        {t('security.password.change')}
      </Link>
    </Section>
  );
}

/** This device's notifications (features/push): on or off, and why they cannot be turned on. */
function NotificationsSection() {
  const { t } = useTranslation();
  const { state, busy, change } = usePushSetting();
  const on = state === 'on';
  const toggle = () => {
    change(!on)
      .then((next) => {
        if (next === 'on') notify.success(t('push.turnedOn'));
        else if (next === 'denied') notify.info(t('push.denied'));
        else if (on) notify.success(t('push.turnedOff'));
      })
      .catch(() => notify.destructive(t('push.failed')));
  };
  return (
    <Section
      icon={<BellIcon />}
      title={t('push.settings.title')}
      description={t('push.settings.description')}
      status={state === 'loading' ? null : <StatusPill on={on} />}
    >
      {state === 'unsupported' || state === 'denied' ? (
        <p className="mt-3 text-[13px] text-muted">
          {state === 'unsupported' ? t('push.settings.unsupported') : t('push.denied')}
        </p>
      ) : (
        <Button
          variant="outline"
          className="mt-4 w-full"
          disabled={busy || state === 'loading'}
          onClick={toggle}
        >
          {on ? t('push.settings.turnOff') : t('push.settings.turnOn')}
        </Button>
      )}
    </Section>
  );
}

/** /settings/security: two-step verification (TOTP), signing out other devices, the password, notifications. */
export default function SecurityScreen() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();

  let content: ReactNode;
  if (isLoading) {
    content = (
      <div className="flex flex-col gap-4 px-4" aria-busy="true">
        <Skeleton className="h-40 w-full rounded-2xl" />
        <Skeleton className="h-32 w-full rounded-2xl" />
      </div>
    );
  } else if (!user) {
    content = (
      <EmptyState
        icon={<ShieldIcon />}
        title={t('security.signedOut.title')}
        description={t('security.signedOut.description')}
        action={
          <Link to="/auth?tab=sign-in" className={buttonClasses()}>
            {t('auth.tabs.signIn')}
          </Link>
        }
      />
    );
  } else {
    content = (
      <div className="flex flex-col gap-4 px-4">
        {user.email ? (
          <p className="px-1 text-[13px] text-muted">
            <EmailText i18nKey="security.signedInAs" email={user.email} />
          </p>
        ) : null}
        <TwoStepVerification userId={user.id} />
        <OtherDevices />
        <PasswordSection />
        <NotificationsSection />
      </div>
    );
  }

  return (
    <>
      <PageHeader title={t('security.title')} back="/profile" />
      {content}
    </>
  );
}
