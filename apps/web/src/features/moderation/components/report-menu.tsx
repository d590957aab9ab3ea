import type { ReportTargetType } from '@sys/shared';
import { FlagIcon, MoreHorizontalIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { IconButton } from '@/components/ui/icon-button';
import ReportDialog from './report-dialog';

export interface ReportMenuProps {
  targetType: ReportTargetType;
  targetId: string;
  /** The trigger's accessible name, e.g. "More options for Dana's post". */
  label: string;
  /** Visitors and guests get the registration prompt instead of the dialog. */
  isSignedIn: boolean;
  onNeedAccount: () => void;
}

/**
 * The '...' (more) menu of something another person made, with 'Report'. Its own chunk: the feed's
 * cards load it when the browser is idle, not with the first screen.
 */
export default function ReportMenu({
  targetType,
  targetId,
  label,
  isSignedIn,
  onNeedAccount,
}: ReportMenuProps) {
  const { t } = useTranslation();
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <IconButton aria-label={label}>
            <MoreHorizontalIcon aria-hidden />
          </IconButton>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => (isSignedIn ? setReporting(true) : onNeedAccount())}>
            <FlagIcon aria-hidden className="size-5 text-muted" />
            {t('report.action')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {reporting ? (
        <ReportDialog
          open={reporting}
          onOpenChange={setReporting}
          targetType={targetType}
          targetId={targetId}
        />
      ) : null}
    </>
  );
}
