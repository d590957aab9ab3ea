import { HeartIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/shared/ui/cn';
import { showToast } from '@/shared/ui/show-toast';
import { useSaveItemMutation } from '../api/save-item';

export interface SaveItemButtonProps {
  itemId: string;
  saved: boolean;
  onSavedChange?: (saved: boolean) => void;
  /** For visitors and guests: asks them to register instead of saving. */
  onNeedsAccount?: () => void;
}

/** The heart that saves a product to the wishlist (Saved Products) or takes it out. */
export function SaveItemButton({ itemId, saved, onSavedChange, onNeedsAccount }: SaveItemButtonProps) {
  const { t } = useTranslation();
  const save = useSaveItemMutation(itemId);

  const toggle = () => {
    if (onNeedsAccount) {
      onNeedsAccount();
      return;
    }
    const next = !saved;
    onSavedChange?.(next);
    save.mutate(next, {
      onError: () => {
        onSavedChange?.(!next);
        void showToast('destructive', t('wishlist.productSaveError'));
      },
    });
  };

  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={t('wishlist.saveProduct')}
      onClick={toggle}
      className="flex size-11 shrink-0 items-center justify-center self-start rounded-full text-ink transition-colors hover:bg-subtle"
    >
      <HeartIcon aria-hidden className={cn('size-6', saved && 'fill-accent-600 text-accent-600')} />
    </button>
  );
}
