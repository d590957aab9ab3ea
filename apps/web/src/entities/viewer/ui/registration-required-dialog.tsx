import { CheckIcon, UserRoundPlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/shared/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/shared/ui/dialog';

const BENEFITS = ['saveItems', 'uploadContent', 'fullProfiles', 'recommendations'] as const;

export interface RegistrationRequiredDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the visitor tried, completing "To {action}, you need to register" (e.g. "follow users"). */
  action: string;
  /** Where the keyboard focus goes back to on close (the control that opened the dialog). */
  returnFocusTo?: HTMLElement | null;
}

/**
 * The spec's Registration Required dialog, shown to guests and visitors when they try something that
 * needs an account: why to register, 'Sign up now' (to /auth) and Cancel. Open it with
 * useRegistrationPrompt().
 */
export default function RegistrationRequiredDialog({
  open,
  onOpenChange,
  action,
  returnFocusTo,
}: RegistrationRequiredDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          // Opened from code (no Dialog.Trigger): say where the focus goes back to.
          if (returnFocusTo?.isConnected) {
            event.preventDefault();
            returnFocusTo.focus();
          }
        }}
      >
        <DialogHeader className="items-center px-8 text-center">
          <span
            aria-hidden
            className="mb-2 flex size-14 items-center justify-center rounded-full bg-accent-50 text-accent-600 [&_svg]:size-7"
          >
            <UserRoundPlusIcon />
          </span>
          <DialogTitle className="text-xl">{t('registration.title', { action })}</DialogTitle>
          <DialogDescription className="text-[15px]">{t('registration.description')}</DialogDescription>
        </DialogHeader>
        <ul className="mt-5 flex flex-col gap-2.5 rounded-xl bg-subtle p-4">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="flex items-start gap-2.5 text-sm text-ink-soft">
              <span
                aria-hidden
                className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-accent-600 text-white"
              >
                <CheckIcon className="size-3.5" strokeWidth={3} />
              </span>
              {t(`registration.benefits.${benefit}`)}
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button asChild size="lg">
            <Link to="/auth" onClick={() => onOpenChange(false)}>
              {t('registration.signUp')}
            </Link>
          </Button>
          <DialogClose asChild>
            <Button variant="ghost" size="lg">
              {t('registration.cancel')}
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
