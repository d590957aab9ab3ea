import { GlobeIcon } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithPreload, usePreloadWhenIdle } from '@/shared/lib/lazy';
import { IconButton } from '@/shared/ui/icon-button';

const LanguageMenu = lazyWithPreload(() => import('./language-menu'));

/**
 * The header's globe button. Until it is first used it is a plain button; the first tap swaps in the
 * real menu (already preloaded while the browser was idle), opened.
 */
export function LanguageButton() {
  const { t } = useTranslation();
  const [activated, setActivated] = useState(false);
  usePreloadWhenIdle(LanguageMenu.preload);

  const placeholder = (
    <IconButton
      aria-label={t('header.language')}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => setActivated(true)}
      onPointerEnter={() => void LanguageMenu.preload()}
    >
      <GlobeIcon aria-hidden />
    </IconButton>
  );
  if (!activated) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LanguageMenu defaultOpen />
    </Suspense>
  );
}
