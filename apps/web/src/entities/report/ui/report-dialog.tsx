import { MODERATION_LIMITS, REPORT_REASONS, type ReportReason, type ReportTargetType } from '@sys/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/api-client';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/shared/ui/dialog';
import { Label } from '@/shared/ui/label';
import { showToast } from '@/shared/ui/show-toast';
import { Textarea } from '@/shared/ui/textarea';
import { useCreateReportMutation } from '../api/create-report';

export interface ReportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  targetType: ReportTargetType;
  targetId: string;
}

/**
 * Report a post, a comment or a user: one reason of the fixed list and optional details. A second
 * report of the same thing is answered kindly (the first one counts).
 */
export default function ReportDialog({ open, onOpenChange, targetType, targetId }: ReportDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const report = useCreateReportMutation();
  const id = useId();

  const close = () => {
    onOpenChange(false);
    setReason(null);
    setNote('');
    setMissingReason(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setMissingReason(true);
      return;
    }
    report.mutate(
      { target_type: targetType, target_id: targetId, reason, note: note.trim() || null },
      {
        onSuccess: () => {
          close();
          void showToast('success', t('report.sent'), { description: t('report.sentDescription') });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            close();
            void showToast('info', t('report.already'));
          } else {
            void showToast('destructive', t('report.error'));
          }
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <form onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>{t(`report.title.${targetType}`)}</DialogTitle>
            <DialogDescription>{t('report.description')}</DialogDescription>
          </DialogHeader>
          <fieldset
            className="mt-4 flex flex-col gap-1"
            aria-describedby={missingReason ? `${id}-missing` : undefined}
          >
            <legend className="mb-2 text-sm font-semibold text-ink">{t('report.reasonLegend')}</legend>
            {REPORT_REASONS.map((value) => (
              <label
                key={value}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 text-[15px] text-ink',
                  'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent-600 hover:bg-subtle',
                  reason === value && 'bg-subtle',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={value}
                  checked={reason === value}
                  onChange={() => {
                    setReason(value);
                    setMissingReason(false);
                  }}
                  className="size-4 accent-accent-600"
                />
                {t(`report.reasons.${value}`)}
              </label>
            ))}
          </fieldset>
          {missingReason ? (
            <p id={`${id}-missing`} role="alert" className="mt-2 text-sm text-danger">
              {t('report.reasonRequired')}
            </p>
          ) : null}
          <div className="mt-4 flex flex-col gap-1.5">
            <Label htmlFor={`${id}-note`}>{t('report.noteLabel')}</Label>
            <Textarea
              id={`${id}-note`}
              value={note}
              maxLength={MODERATION_LIMITS.reportNoteMaxChars}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="submit" size="lg" disabled={report.isPending}>
              {report.isPending ? t('report.sending') : t('report.submit')}
            </Button>
            <DialogClose asChild>
              <Button type="button" variant="ghost" size="lg">
                {t('report.cancel')}
              </Button>
            </DialogClose>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
