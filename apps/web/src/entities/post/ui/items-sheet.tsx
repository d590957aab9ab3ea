import { isHttpUrl, type PostItem } from '@sys/shared';
import { ExternalLinkIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { useRegistrationPrompt } from '@/entities/viewer/ui/use-registration-prompt';
import { formatPrice } from '@/shared/lib/format-price';
import { buttonClasses } from '@/shared/ui/button';
import { Sheet, SheetBody, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/shared/ui/sheet';
import { recordItemClick } from '../api/record-item-click';
import { useOptionLabel } from '../lib/option-label';
import { meaningful } from '../lib/post-display';
import { ProductImage } from './product-image';
import { SaveItemButton } from './save-item-button';

export interface ItemsSheetProps {
  items: readonly PostItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The look's tagged items: what each is, its price in its own currency, and 'View Item' to the shop. */
export default function ItemsSheet({ items, open, onOpenChange }: ItemsSheetProps) {
  const { t, i18n } = useTranslation();
  const label = useOptionLabel();
  const language = i18n.resolvedLanguage ?? 'en';
  const { isSignedIn } = useViewer();
  const { prompt, dialog } = useRegistrationPrompt();
  // The sheet shows the items it was given; saves made here show at once, also before the post refetches.
  const [savedHere, setSavedHere] = useState<Record<string, boolean>>({});

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>{t('items.title')}</SheetTitle>
          <SheetDescription>{t('items.description', { count: items.length })}</SheetDescription>
        </SheetHeader>
        <SheetBody>
          <ul className="flex flex-col divide-y divide-line">
            {items.map((item) => {
              const heading =
                item.title ?? item.brand ?? (item.item_type ? label('types', item.item_type) : null);
              // Like the chips, no 'None' colour or pattern.
              const facts = [
                meaningful(item.brand) && item.brand !== heading ? item.brand : null,
                meaningful(item.item_type) ? label('types', item.item_type) : null,
                meaningful(item.size) ? t('card.sizeChip', { size: item.size }) : null,
                meaningful(item.color) ? label('colors', item.color) : null,
                meaningful(item.pattern) ? label('patterns', item.pattern) : null,
              ].filter((fact): fact is string => !!fact && fact !== heading);
              return (
                <li key={item.id} className="flex gap-3 py-3">
                  <span className="flex h-24 w-[76px] shrink-0 items-center justify-center overflow-hidden rounded-xl bg-subtle text-muted">
                    <ProductImage src={item.image_url} type={item.item_type} color={item.color} />
                  </span>
                  <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <p dir="auto" className="truncate font-semibold text-ink">
                      {heading ?? t('items.item')}
                    </p>
                    {facts.length > 0 ? <p className="text-[13px] text-muted">{facts.join(' · ')}</p> : null}
                    {item.price !== null ? (
                      <p className="text-[15px] font-semibold text-ink" dir="ltr">
                        {formatPrice(item.price, item.currency, language)}
                      </p>
                    ) : null}
                    {isHttpUrl(item.link) ? (
                      <a
                        href={item.link}
                        target="_blank"
                        rel="noopener noreferrer"
                        onClick={() => recordItemClick(item.id)}
                        className={buttonClasses({ size: 'sm', className: 'mt-1.5 self-start' })}
                      >
                        {t('items.viewItem')}
                        <ExternalLinkIcon aria-hidden className="rtl:-scale-x-100" />
                        <span className="sr-only">{t('items.newTab')}</span>
                      </a>
                    ) : null}
                  </div>
                  <SaveItemButton
                    itemId={item.id}
                    saved={savedHere[item.id] ?? item.saved_by_me}
                    onSavedChange={(saved) => setSavedHere((current) => ({ ...current, [item.id]: saved }))}
                    onNeedsAccount={isSignedIn ? undefined : () => prompt(t('card.prompt.save'))}
                  />
                </li>
              );
            })}
          </ul>
        </SheetBody>
      </SheetContent>
      {dialog}
    </Sheet>
  );
}
