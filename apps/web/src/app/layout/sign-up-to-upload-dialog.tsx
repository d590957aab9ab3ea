import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/shared/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/shared/ui/dialog';

export interface SignUpToUploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Shown when a guest or signed-out visitor taps Create: 'Sign up to upload content'. */
export default function SignUpToUploadDialog({ open, onOpenChange }: SignUpToUploadDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby={undefined} showClose={false} className="text-center">
        <DialogHeader className="items-center pe-0 text-center">
          <DialogTitle className="text-xl">{t('createPrompt.title')}</DialogTitle>
        </DialogHeader>
        <DialogFooter>
          <Button asChild size="lg">
            <Link to="/auth" onClick={() => onOpenChange(false)}>
              {t('createPrompt.signUp')}
            </Link>
          </Button>
          <DialogClose asChild>
            <Button variant="ghost" size="lg">
              {t('createPrompt.notNow')}
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
