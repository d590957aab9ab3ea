import type { ReportTargetType } from '@sys/shared';
import { FlagIcon, MoreHorizontalIcon } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithPreload } from '@/shared/lib/lazy';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/shared/ui/dropdown-menu';
import { IconButton } from '@/shared/ui/icon-button';

// The report form (a dialog with its fields and the report schema, which brings zod) loads when a signed-in
// person opens the menu, not when the feed's cards load this menu.
const ReportDialog = lazyWithPreload(() => import('./report-dialog'));

export interface ReportMenuProps {
  targetType: ReportTargetType;
  targetId: string;
  /** The trigger's accessible name, e.g. "More options for Dana's post". */
  label: string;
  /** Visitors and guests get the registration prompt instead of the dialog. */
  isSignedIn: boolean;
  onNeedAccount: () => void;
  /** Open at once (the card's placeholder button was pressed before this menu's code had loaded). */
  defaultOpen?: boolean;
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
  defaultOpen = false,
}: ReportMenuProps) {
  const { t } = useTranslation();
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <DropdownMenu
        defaultOpen={defaultOpen}
        onOpenChange={(open) => (open && isSignedIn ? void ReportDialog.preload() : undefined)}
      >
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
        <Suspense fallback={null}>
          <ReportDialog
            open={reporting}
            onOpenChange={setReporting}
            targetType={targetType}
            targetId={targetId}
          />
        </Suspense>
      ) : null}
    </>
  );
}
