import type { Post } from '@sys/shared';
import { BookmarkIcon, BookmarkMinusIcon, LibraryBigIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useSavePostMutation } from '../api/save-post';
import { showToast } from '../utils/toast';

export interface SavePostDialogProps {
  post: Post;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Save a post to the wishlist (or take it out). Albums join this dialog with the albums feature. */
export default function SavePostDialog({ post, open, onOpenChange }: SavePostDialogProps) {
  const { t } = useTranslation();
  const save = useSavePostMutation(post.id);

  const toggle = () => {
    const saved = !post.savedByMe;
    onOpenChange(false);
    save.mutate(saved, {
      onSuccess: () => void showToast('success', saved ? t('save.saved') : t('save.removed')),
      onError: () => void showToast('destructive', t('save.error')),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('save.title')}</DialogTitle>
          <DialogDescription>{t('save.description')}</DialogDescription>
        </DialogHeader>
        <div className="mt-5 flex flex-col gap-3">
          <Button size="lg" variant={post.savedByMe ? 'outline' : 'primary'} onClick={toggle}>
            {post.savedByMe ? <BookmarkMinusIcon aria-hidden /> : <BookmarkIcon aria-hidden />}
            {post.savedByMe ? t('save.remove') : t('save.toWishlist')}
          </Button>
          <p className="flex items-center gap-2 rounded-xl bg-subtle px-4 py-3 text-[13px] text-muted">
            <LibraryBigIcon aria-hidden className="size-5 shrink-0" />
            {t('save.albumsSoon')}
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
