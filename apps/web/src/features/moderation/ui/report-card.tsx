import type { AdminReport, Author, ReportStatus } from '@sys/shared';
import { CheckIcon, RotateCcwIcon, Trash2Icon, XIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authorName } from '@/entities/post/lib/post-display';
import { AuthorAvatar } from '@/entities/profile/ui/author-avatar';
import { relativeTime } from '@/shared/lib/relative-time';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { OwnImage } from '@/shared/ui/own-image';
import { Skeleton } from '@/shared/ui/skeleton';
import { isolated as isolate } from '@/shared/ui/user-name';

/** The file kinds the server stores for videos (shared/domain/file-type.ts): shown by their first frame. */
const VIDEO_FILE = /\.(mp4|mov|webm)(\?|#|$)/i;

const statusClasses: Record<ReportStatus, string> = {
  open: 'bg-accent-50 text-accent-700',
  resolved: 'bg-success/10 text-success',
  dismissed: 'bg-subtle text-muted',
};

/** '@username', else the display name, else 'User'. */
function handleOf(author: Author, fallback: string): string {
  return author.username ? `@${author.username}` : (authorName(author) ?? fallback);
}

/** A post's first photo (or a video's first frame), 4:5 like everywhere else; decorative beside its caption. */
function Thumbnail({ url }: { url: string | null }) {
  return (
    <span aria-hidden className="block aspect-[4/5] w-16 shrink-0 overflow-hidden rounded-md bg-subtle">
      {url ? (
        VIDEO_FILE.test(url) ? (
          <video src={url} muted playsInline preload="metadata" className="size-full object-cover" />
        ) : (
          <OwnImage src={url} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
        )
      ) : null}
    </span>
  );
}

/** What was reported, as it is now: a post, a comment on a post, a person, or '(removed)'. */
function ReportedThing({ report }: { report: AdminReport }) {
  const { t } = useTranslation();
  const { target } = report;
  if (!target) {
    return <p className="text-[15px] text-muted">{t(`moderation.removedTarget.${report.target_type}`)}</p>;
  }
  const author = handleOf(target.author, t('card.user'));
  const text = target.text?.trim() ?? '';

  if (report.target_type === 'user') {
    const name = target.author.display_name?.trim();
    const who = (
      <>
        <AuthorAvatar url={target.author.avatar_url} className="size-11" />
        <span className="min-w-0">
          <span dir="auto" className="block truncate text-[15px] font-semibold text-ink">
            <bdi>{author}</bdi>
          </span>
          {name && name !== target.author.username ? (
            <span className="block truncate text-[13px] text-muted" dir="auto">
              {name}
            </span>
          ) : null}
        </span>
      </>
    );
    return (
      <div className="flex flex-col gap-1.5">
        {target.author.username ? (
          <Link
            to={`/profile/${encodeURIComponent(target.author.username)}`}
            className="flex min-h-11 items-center gap-3 rounded-xl hover:bg-subtle"
          >
            {who}
          </Link>
        ) : (
          <div className="flex min-h-11 items-center gap-3">{who}</div>
        )}
        {text ? (
          <p className="line-clamp-2 text-[13px] text-muted" dir="auto">
            {text}
          </p>
        ) : null}
      </div>
    );
  }

  if (report.target_type === 'post') {
    return (
      <Link
        to={`/post/${target.post_id ?? report.target_id}`}
        className="flex items-start gap-3 rounded-xl hover:bg-subtle"
      >
        <Thumbnail url={target.media_url} />
        <span className="min-w-0 flex-1">
          <span className="line-clamp-2 text-[15px] text-ink [overflow-wrap:anywhere]" dir="auto">
            {text || t('moderation.noCaption')}
          </span>
          <span className="mt-1 block truncate text-[13px] text-muted">
            {t('moderation.by', { name: isolate(author) })}
          </span>
        </span>
      </Link>
    );
  }

  // A comment: its words, who wrote them, and the post it is on.
  return (
    <div className="flex flex-col gap-1">
      <blockquote
        className="rounded-xl bg-subtle px-3 py-2 text-[15px] text-ink [overflow-wrap:anywhere]"
        dir="auto"
      >
        <p className="line-clamp-2">{text}</p>
      </blockquote>
      <div className="flex flex-wrap items-center justify-between gap-x-2">
        <span className="min-w-0 truncate text-[13px] text-muted">
          {t('moderation.by', { name: isolate(author) })}
        </span>
        {target.post_id ? (
          <Link
            to={`/post/${target.post_id}`}
            className="inline-flex min-h-11 items-center text-[13px] font-semibold text-accent-700 underline-offset-2 hover:underline"
          >
            {t('moderation.viewPost')}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

export interface ReportCardProps {
  report: AdminReport;
  /** A status change is on its way for this report (its buttons wait). */
  pending?: boolean;
  onStatus: (report: AdminReport, status: ReportStatus) => void;
  /** Remove the reported post or comment (asks first). */
  onRemove: (report: AdminReport) => void;
}

/**
 * One report: what was reported (linking to it), why, by whom and when, its status, and what an
 * administrator can do about it. The card is a focus target of its own (the list moves the focus to the
 * next card when one leaves it).
 */
export function ReportCard({ report, pending = false, onStatus, onRemove }: ReportCardProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const titleId = useId();
  const reasonId = useId();
  const about = `${titleId} ${reasonId}`;
  const open = report.status === 'open';
  // A user is not removed here (`npm run admin -- delete-user`); a post or comment that is gone cannot be.
  const removable =
    open && report.target !== null && report.target_type !== 'user' ? report.target_type : null;
  const reporter = handleOf(report.reporter, t('card.user'));

  return (
    <article
      aria-labelledby={about}
      tabIndex={-1}
      data-report-id={report.id}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-[15px] font-semibold text-ink">
            {t(`moderation.reportTitle.${report.target_type}`)}
          </h2>
          <p id={reasonId} className="text-[13px] text-muted">
            {t('moderation.reason', { reason: t(`report.reasons.${report.reason}`) })}
          </p>
        </div>
        <span
          className={cn(
            'shrink-0 rounded-full px-2.5 py-1 text-[13px] font-semibold',
            statusClasses[report.status],
          )}
        >
          {t(`moderation.status.${report.status}`)}
        </span>
      </div>

      <ReportedThing report={report} />

      {report.note ? (
        <div className="rounded-xl border border-line px-3 py-2 text-[13px]">
          <p className="font-semibold text-ink">{t('moderation.note')}</p>
          <p className="text-ink [overflow-wrap:anywhere]" dir="auto">
            {report.note}
          </p>
        </div>
      ) : null}

      <p className="text-[13px] text-muted">
        {t('moderation.reportedBy', {
          name: isolate(reporter),
          time: relativeTime(report.created_at, language),
        })}
        {report.status !== 'open' && report.resolved_at ? (
          <>
            {' · '}
            {t(`moderation.closedAt.${report.status}`, { time: relativeTime(report.resolved_at, language) })}
          </>
        ) : null}
      </p>

      {open || report.target ? (
        <div className="flex flex-wrap gap-2">
          {open ? (
            <>
              <Button
                variant="outline"
                aria-describedby={about}
                disabled={pending}
                onClick={() => onStatus(report, 'resolved')}
              >
                <CheckIcon aria-hidden />
                {t('moderation.resolve')}
              </Button>
              <Button
                variant="outline"
                aria-describedby={about}
                disabled={pending}
                onClick={() => onStatus(report, 'dismissed')}
              >
                <XIcon aria-hidden />
                {t('moderation.dismiss')}
              </Button>
              {removable ? (
                <Button
                  variant="ghost"
                  className="text-danger hover:bg-danger/10"
                  aria-describedby={about}
                  disabled={pending}
                  onClick={() => onRemove(report)}
                >
                  <Trash2Icon aria-hidden />
                  {t(`moderation.remove.${removable}`)}
                </Button>
              ) : null}
            </>
          ) : report.target ? (
            // Open again (a mistake undone); not when the thing is gone: there is nothing left to review.
            <Button
              variant="ghost"
              aria-describedby={about}
              disabled={pending}
              onClick={() => onStatus(report, 'open')}
            >
              <RotateCcwIcon aria-hidden />
              {t('moderation.reopen')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

export function ReportCardSkeleton() {
  return (
    <div aria-hidden className="flex flex-col gap-3 rounded-2xl border border-line p-4">
      <div className="flex justify-between gap-3">
        <Skeleton className="h-9 w-40 rounded-lg" />
        <Skeleton className="h-7 w-16 rounded-full" />
      </div>
      <div className="flex gap-3">
        <Skeleton className="aspect-[4/5] w-16 rounded-md" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-4 w-full rounded" />
          <Skeleton className="h-4 w-3/4 rounded" />
        </div>
      </div>
      <div className="flex gap-2">
        <Skeleton className="h-11 w-28 rounded-full" />
        <Skeleton className="h-11 w-28 rounded-full" />
      </div>
    </div>
  );
}
