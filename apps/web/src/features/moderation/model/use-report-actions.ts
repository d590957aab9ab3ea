import type { AdminReport, ReportStatus } from '@sys/shared';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/api-client';
import { useApiErrorText } from '@/shared/api/use-api-error-text';
import { showToast } from '@/shared/ui/show-toast';
import { useRemoveCommentMutation } from '../api/remove-comment';
import { useRemovePostMutation } from '../api/remove-post';
import { useUpdateReportMutation } from '../api/update-report';

const STATUS_TOASTS = {
  open: 'moderation.reopened',
  resolved: 'moderation.resolved',
  dismissed: 'moderation.dismissed',
} as const;

/**
 * What an administrator does with a report, each saying how it went: a status change (shown at once,
 * undone if the server refuses) and the removal of a reported post or comment (shown once it is done).
 * Failures say why when it is known: the report or the thing is gone, or the viewer is no longer an
 * administrator.
 */
export function useReportActions() {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const update = useUpdateReportMutation();
  const removePost = useRemovePostMutation();
  const removeComment = useRemoveCommentMutation();

  const notAdmin = (error: ApiError) => (error.status === 403 ? t('moderation.notAdmin') : undefined);

  const setStatus = (report: AdminReport, status: ReportStatus) =>
    update.mutate(
      { reportId: report.id, status },
      {
        onSuccess: () => void showToast('success', t(STATUS_TOASTS[status])),
        onError: (error) =>
          void showToast('destructive', t('moderation.updateError'), {
            description: errorText(error, (e) =>
              e.status === 404 ? t('moderation.reportGone') : notAdmin(e),
            ),
          }),
      },
    );

  const remove = (report: AdminReport, callbacks: { onSuccess: () => void; onError: () => void }) => {
    const kind = report.target_type === 'comment' ? 'comment' : 'post';
    const handlers = {
      onSuccess: ({ reports_resolved }: { reports_resolved: number }) => {
        callbacks.onSuccess();
        void showToast('success', t(`moderation.removedToast.${kind}`), {
          description: t('moderation.reportsClosed', { count: reports_resolved }),
        });
      },
      onError: (error: Error) => {
        if (error instanceof ApiError && error.status === 404) {
          // Someone (its author, another administrator) was quicker: the lists are loaded again.
          callbacks.onSuccess();
          void showToast('info', t(`moderation.alreadyRemoved.${kind}`));
          return;
        }
        callbacks.onError();
        void showToast('destructive', t(`moderation.removeError.${kind}`), {
          description: errorText(error, notAdmin),
        });
      },
    };
    if (kind === 'comment') {
      removeComment.mutate({ commentId: report.target_id, postId: report.target?.post_id ?? null }, handlers);
    } else {
      removePost.mutate(report.target_id, handlers);
    }
  };

  return {
    setStatus,
    /** The report whose status is being changed (its buttons wait). */
    pendingReportId: update.isPending ? update.variables?.reportId : undefined,
    remove,
    removing: removePost.isPending || removeComment.isPending,
  };
}
