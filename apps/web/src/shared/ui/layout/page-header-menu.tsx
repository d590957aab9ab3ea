import { type LucideIcon, MoreHorizontalIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../dropdown-menu';
import { IconButton } from '../icon-button';

/**
 * An entry of a page header's "more options" menu: a link (`to`) or an action (`onSelect`). Entries are
 * data, not menu elements, so a screen with a menu does not load the menu's code (Radix menu, popper,
 * focus and scroll handling, ~23 kB gzip) with its first render; the menu chunk loads after it.
 */
export interface PageMenuItem {
  label: string;
  icon: LucideIcon;
  to?: string;
  onSelect?: () => void;
}

/** The "more options" menu of a page header; its own chunk, loaded only by screens that have one. */
export default function PageHeaderMenu({ items }: { items: readonly PageMenuItem[] }) {
  const { t } = useTranslation();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <IconButton aria-label={t('common.moreOptions')}>
          <MoreHorizontalIcon aria-hidden />
        </IconButton>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {items.map(({ label, icon: Icon, to, onSelect }) => {
          const content = (
            <>
              <Icon aria-hidden className="size-5 text-muted" />
              {label}
            </>
          );
          return to ? (
            <DropdownMenuItem key={label} asChild onSelect={onSelect}>
              <Link to={to}>{content}</Link>
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem key={label} onSelect={onSelect}>
              {content}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
