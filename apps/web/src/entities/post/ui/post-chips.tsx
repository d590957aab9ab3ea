import type { PostItem } from '@sys/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Chip } from '@/shared/ui/chip';
import { useBrandPageIds } from '../api/get-brand-directory';
import { useOptionLabel } from '../lib/option-label';
import { colorSwatch, type PostChip, postChips } from '../lib/post-display';

const LINK_CHIP =
  'inline-flex h-8 max-w-full items-center truncate rounded-full border border-accent-100 bg-accent-50 px-3 text-[13px] font-medium text-accent-700 hover:bg-accent-100';

/**
 * Pills for the look's brands, sizes, colours (with a swatch) and patterns, then its tags. A tag opens
 * its page (/tag/{tag}), a brand with a page opens that page.
 */
export function PostChips({ caption, items }: { caption: string; items: readonly PostItem[] }) {
  const { t } = useTranslation();
  const label = useOptionLabel();
  const chips = postChips({ caption, items });
  const brandPageId = useBrandPageIds(chips.some((chip) => chip.kind === 'brand'));
  if (chips.length === 0) return null;

  const text = (chip: PostChip) => {
    switch (chip.kind) {
      case 'size':
        return t('card.sizeChip', { size: chip.value });
      case 'color':
        return label('colors', chip.value);
      case 'pattern':
        return label('patterns', chip.value);
      case 'tag':
        return `#${chip.value}`;
      default:
        return chip.value;
    }
  };

  return (
    <ul aria-label={t('card.details')} className="flex flex-wrap gap-1.5">
      {chips.map((chip) => (
        <li key={`${chip.kind}:${chip.value}`} className="max-w-full">
          {chip.kind === 'tag' ? (
            <Link to={`/tag/${encodeURIComponent(chip.value)}`} dir="auto" className={LINK_CHIP}>
              {text(chip)}
            </Link>
          ) : chip.kind === 'brand' && brandPageId(chip.value) ? (
            <Link to={`/explore/brands/${brandPageId(chip.value)}`} dir="auto" className={LINK_CHIP}>
              {text(chip)}
            </Link>
          ) : (
            <Chip
              swatch={chip.kind === 'color' ? colorSwatch(chip.value) : undefined}
              // A brand is the poster's own text; sizes, colours and patterns are translated labels.
              dir={chip.kind === 'brand' ? 'auto' : undefined}
            >
              {text(chip)}
            </Chip>
          )}
        </li>
      ))}
    </ul>
  );
}
