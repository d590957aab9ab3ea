import {
  COLORS,
  CURRENCIES,
  CURRENCY_SYMBOLS,
  type Currency,
  equalsIgnoreCase,
  LIMITS,
  normalizeLink,
  PATTERNS,
  POST_ITEM_SIZES,
  PRODUCT_TYPES,
  parsePrice,
} from '@sys/shared';
import { ImageIcon, ImageUpIcon, Trash2Icon, WandSparklesIcon, XIcon } from 'lucide-react';
import { type ChangeEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionLabel } from '@/entities/post/lib/option-label';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { FormField } from '@/shared/ui/form-field';
import { IconButton } from '@/shared/ui/icon-button';
import { Input } from '@/shared/ui/input';
import { OwnImage } from '@/shared/ui/own-image';
import { Select } from '@/shared/ui/select';
import { showToast } from '@/shared/ui/show-toast';
import { ScrapeFailedError, useScrapeProductMutation } from '../api/scrape-product';
import { fileKindOf } from '../lib/file-kind';
import type { ItemDraft } from '../lib/post-form-model';
import { useBrandOptions } from '../model/use-brand-options';
import { OptionField } from './option-field';

/** The form's own lists of custom values, shared by all products. */
export interface CustomLists {
  customBrands: string[];
  customSizes: string[];
  customColors: string[];
  customPatterns: string[];
  customTypes: string[];
}

export interface ProductEditorProps {
  item: ItemDraft;
  index: number;
  lists: CustomLists;
  onAddCustom: (list: keyof CustomLists, value: string) => void;
  onChange: (patch: Partial<ItemDraft>) => void;
  onRemove: () => void;
  errors?: { link?: string; price?: string };
  /** Scraping needs an account: asks a visitor to register instead. */
  canScrape: boolean;
  onRequireAccount: () => void;
}

/** One tagged product: type, brand, link (with scraping), size, colour, pattern, price, currency, image. */
export function ProductEditor({
  item,
  index,
  lists,
  onAddCustom,
  onChange,
  onRemove,
  errors,
  canScrape,
  onRequireAccount,
}: ProductEditorProps) {
  const { t } = useTranslation();
  const label = useOptionLabel();
  const scrape = useScrapeProductMutation();
  const brands = useBrandOptions();
  const addBrand = (name: string) => onAddCustom('customBrands', name);
  const imageInput = useRef<HTMLInputElement>(null);
  const number = index + 1;

  const runScrape = () => {
    if (!canScrape) {
      onRequireAccount();
      return;
    }
    const url = normalizeLink(item.link);
    if (url === '') return;
    if (url !== item.link) onChange({ link: url });
    scrape.mutate(url, {
      onSuccess: (data) => {
        const patch: Partial<ItemDraft> = {};
        if (data.brand) {
          const known = [...brands, ...lists.customBrands].find((b) => equalsIgnoreCase(b, data.brand ?? ''));
          if (!known) addBrand(data.brand);
          patch.brand = known ?? data.brand;
        }
        const price = parsePrice(data.price);
        if (price !== null) patch.price = String(price);
        if (data.currency) patch.currency = data.currency;
        if (data.title) patch.title = data.title;
        if (data.images.length > 0) {
          patch.availableImages = data.images;
          if (!item.imageFile) {
            patch.selectedImageIndex = 0;
            patch.imageUrl = data.images[0];
          }
        }
        onChange(patch);
        void showToast('success', t('scrape.success'), {
          description: t('scrape.imagesFound', { count: data.images.length }),
        });
        if (!data.brand || price === null || data.images.length === 0) {
          void showToast('info', t('scrape.warning'), { description: t('scrape.warningDescription') });
        }
      },
      // The spec's words, then why, in the reader's language, when the server said.
      onError: (error) => {
        const why = error instanceof ScrapeFailedError && error.code ? t(`scrape.reasons.${error.code}`) : '';
        void showToast('destructive', t('scrape.error'), {
          description: why ? `${t('scrape.errorDescription')} ${why}` : t('scrape.errorDescription'),
        });
      },
    });
  };

  const pickImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size >= LIMITS.mediaMaxBytes) {
      void showToast('destructive', t('itemImage.tooLarge'), {
        description: t('itemImage.tooLargeDescription'),
      });
      return;
    }
    // By its bytes, like the server: a file named .jpg is not an image for that.
    if ((await fileKindOf(file)) !== 'image') {
      void showToast('destructive', t('itemImage.invalidType'), {
        description: t('itemImage.invalidTypeDescription'),
      });
      return;
    }
    if (item.imagePreview) URL.revokeObjectURL(item.imagePreview);
    onChange({
      imageFile: file,
      imagePreview: URL.createObjectURL(file),
      imageUrl: '',
      selectedImageIndex: null,
    });
  };

  const chooseScraped = (imageIndex: number) => {
    if (item.imagePreview) URL.revokeObjectURL(item.imagePreview);
    onChange({
      selectedImageIndex: imageIndex,
      imageUrl: item.availableImages[imageIndex] ?? '',
      imageFile: undefined,
      imagePreview: undefined,
    });
  };

  const clearImage = () => {
    if (item.imagePreview) URL.revokeObjectURL(item.imagePreview);
    onChange({ imageFile: undefined, imagePreview: undefined, imageUrl: '', selectedImageIndex: null });
  };

  const preview = item.imagePreview ?? (item.imageUrl || null);
  // The scraper answers our own /media copies; a link saved before that (or in an old draft) is not loaded:
  // saving the post stores it as our media first.
  const imagePlaceholder = (
    <span className="flex size-full items-center justify-center bg-subtle text-muted">
      <ImageIcon aria-hidden className="size-6" />
    </span>
  );
  const scraped = item.availableImages.slice(0, LIMITS.scrapedImagesShownMax);

  return (
    // min-w-0: a fieldset is at least as wide as its content by default, so a wide row (the image
    // controls) pushed the card past the screen's edge.
    <fieldset className="relative flex min-w-0 flex-col gap-4 rounded-2xl border border-line bg-surface p-4">
      <legend className="float-start flex h-11 items-center text-base font-semibold text-ink">
        {t('product.title', { number })}
      </legend>
      <IconButton
        aria-label={t('product.remove', { number })}
        onClick={onRemove}
        className="absolute end-2 top-4 text-muted"
      >
        <Trash2Icon aria-hidden />
      </IconButton>

      <FormField
        label={t('product.link')}
        error={errors?.link}
        hint={t('product.linkHint')}
        className="clear-both"
      >
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              type="url"
              required
              inputMode="url"
              autoComplete="off"
              placeholder="https://"
              dir="ltr"
              value={item.link}
              onChange={(event) => onChange({ link: event.target.value })}
              // 'zara.com/item' becomes 'https://zara.com/item' as the field is left: what is published.
              onBlur={() => {
                const link = normalizeLink(item.link);
                if (link !== item.link) onChange({ link });
              }}
            />
            <Button
              variant="secondary"
              onClick={runScrape}
              disabled={scrape.isPending || item.link.trim() === ''}
              aria-label={t('product.scrapeLabel', { number })}
            >
              <WandSparklesIcon aria-hidden className={cn(scrape.isPending && 'animate-pulse')} />
              {scrape.isPending ? t('product.scraping') : t('product.scrape')}
            </Button>
          </div>
        )}
      </FormField>

      <div className="grid grid-cols-2 gap-3">
        <OptionField
          label={t('product.type')}
          value={item.type}
          onChange={(type) => onChange({ type })}
          options={PRODUCT_TYPES}
          custom={lists.customTypes}
          onAddCustom={(value) => onAddCustom('customTypes', value)}
          addLabel={t('product.addType')}
          placeholder={t('product.choose')}
          customPlaceholder={t('product.customType')}
          optionLabel={(value) => label('types', value)}
        />
        <OptionField
          label={t('product.brand')}
          value={item.brand}
          onChange={(brand) => onChange({ brand })}
          options={brands}
          custom={lists.customBrands}
          onAddCustom={addBrand}
          addLabel={t('product.addBrand')}
          placeholder={t('product.choose')}
          customPlaceholder={t('product.customBrand')}
        />
        <OptionField
          label={t('product.size')}
          value={item.size}
          onChange={(size) => onChange({ size })}
          options={POST_ITEM_SIZES}
          custom={lists.customSizes}
          onAddCustom={(value) => onAddCustom('customSizes', value)}
          addLabel={t('product.addSize')}
          placeholder={t('product.choose')}
          customPlaceholder={t('product.customSize')}
        />
        <OptionField
          label={t('product.color')}
          value={item.color}
          onChange={(color) => onChange({ color })}
          options={COLORS}
          custom={lists.customColors}
          onAddCustom={(value) => onAddCustom('customColors', value)}
          addLabel={t('product.addColor')}
          placeholder={t('product.choose')}
          customPlaceholder={t('product.customColor')}
          optionLabel={(value) => label('colors', value)}
        />
        <OptionField
          label={t('product.pattern')}
          value={item.pattern}
          onChange={(pattern) => onChange({ pattern })}
          options={PATTERNS}
          custom={lists.customPatterns}
          onAddCustom={(value) => onAddCustom('customPatterns', value)}
          addLabel={t('product.addPattern')}
          placeholder={t('product.choose')}
          customPlaceholder={t('product.customPattern')}
          optionLabel={(value) => label('patterns', value)}
        />
        <div className="col-span-2 grid grid-cols-[1fr_auto] items-end gap-2">
          <FormField label={t('product.price')} error={errors?.price}>
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="decimal"
                step={LIMITS.priceStep}
                min={0}
                dir="ltr"
                value={item.price}
                onChange={(event) => onChange({ price: event.target.value })}
              />
            )}
          </FormField>
          <Select
            aria-label={t('product.currency')}
            value={item.currency}
            onValueChange={(currency) => onChange({ currency: currency as Currency })}
            options={CURRENCIES.map((currency) => ({
              value: currency,
              label: `${CURRENCY_SYMBOLS[currency]} ${currency}`,
            }))}
            // As wide as '$ USD' needs, on one line.
            className="w-auto shrink-0 whitespace-nowrap px-3"
          />
        </div>
      </div>

      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium text-ink">{t('product.image')}</p>
        {scraped.length > 0 ? (
          <ul aria-label={t('product.scrapedImages')} className="grid grid-cols-4 gap-2">
            {scraped.map((url, imageIndex) => (
              <li key={url}>
                <button
                  type="button"
                  aria-pressed={item.selectedImageIndex === imageIndex && !item.imageFile}
                  aria-label={t('product.useImage', { index: imageIndex + 1 })}
                  onClick={() => chooseScraped(imageIndex)}
                  className={cn(
                    'block aspect-square w-full overflow-hidden rounded-lg border-2',
                    item.selectedImageIndex === imageIndex && !item.imageFile
                      ? 'border-accent-600'
                      : 'border-transparent',
                  )}
                >
                  <OwnImage src={url} alt="" className="size-full object-cover" fallback={imagePlaceholder} />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          {preview ? (
            <span className="relative size-16 shrink-0 overflow-hidden rounded-lg bg-subtle">
              <OwnImage
                src={preview}
                alt={t('product.chosenImage')}
                className="size-full object-cover"
                fallback={imagePlaceholder}
              />
            </span>
          ) : null}
          <Button variant="outline" size="sm" onClick={() => imageInput.current?.click()}>
            <ImageUpIcon aria-hidden />
            {t('product.uploadImage')}
          </Button>
          {preview ? (
            <Button variant="ghost" size="sm" onClick={clearImage}>
              <XIcon aria-hidden />
              {t('product.removeImage')}
            </Button>
          ) : null}
          <input
            ref={imageInput}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            aria-label={t('product.uploadImage')}
            onChange={(event) => void pickImage(event)}
          />
        </div>
      </div>
    </fieldset>
  );
}
