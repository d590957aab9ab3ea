import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/shared/ui/dialog';

/** The keys, in the order the help lists them; `label` is the key of its description. */
const SHORTCUTS = [
  { keys: ['j'], label: 'next' },
  { keys: ['k'], label: 'previous' },
  { keys: ['l'], label: 'like' },
  { keys: ['s'], label: 'save' },
  { keys: ['/'], label: 'search' },
  { keys: ['Esc'], label: 'close' },
  { keys: ['?'], label: 'help' },
] as const;

/** The list of keyboard shortcuts ('?'); its code loads the first time it is asked for. */
export default function KeyboardShortcutsHelp({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('shortcuts.title')}</DialogTitle>
          <DialogDescription>{t('shortcuts.description')}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
          {SHORTCUTS.map(({ keys, label }) => (
            <div key={label} className="contents">
              <dt>
                {keys.map((key) => (
                  <kbd
                    key={key}
                    dir="ltr"
                    className="inline-flex min-w-7 justify-center rounded-md border border-line bg-subtle px-1.5 py-0.5 font-mono text-[13px] text-ink"
                  >
                    {key}
                  </kbd>
                ))}
              </dt>
              <dd className="text-ink">{t(`shortcuts.${label}`)}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
