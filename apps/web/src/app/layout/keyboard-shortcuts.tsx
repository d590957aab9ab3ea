import { Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { lazyWithPreload } from '@/shared/lib/lazy';

const KeyboardShortcutsHelp = lazyWithPreload(() => import('./keyboard-shortcuts-help'));

/** Typing in a field, or a key held with Ctrl, Alt or Cmd, is never a shortcut. */
function isTyping(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target;
  return (
    target instanceof Element &&
    target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null
  );
}

/**
 * The shortcut a key stands for. On a Latin layout, the character typed; on another (Hebrew, say) the
 * key's place on the keyboard, so j is still the key where j is printed.
 */
function shortcutOf(event: KeyboardEvent): string {
  if (/^[a-z/?]$/.test(event.key)) return event.key;
  if (/^Key[A-Z]$/.test(event.code) && !event.shiftKey) return event.code.slice(3).toLowerCase();
  if (event.code === 'Slash') return event.shiftKey ? '?' : '/';
  return event.key;
}

const postCards = () => Array.from(document.querySelectorAll<HTMLElement>('main article[data-post-card]'));

/** The post the keys act on: the one holding the focus, else the first whose bottom is below the header. */
function currentCard(cards: readonly HTMLElement[]): HTMLElement | undefined {
  const focused = document.activeElement;
  const holding = cards.find((card) => focused instanceof Node && card.contains(focused));
  if (holding) return holding;
  const header = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  return cards.find((card) => card.getBoundingClientRect().bottom > header + 1) ?? cards[0];
}

function moveTo(card: HTMLElement) {
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (!card.hasAttribute('tabindex')) card.tabIndex = -1;
  card.focus({ preventScroll: true });
  card.scrollIntoView?.({ block: 'start', behavior: still ? 'auto' : 'smooth' });
}

/** The focus goes to the page's search box; a page without one opens Explore's. */
function focusSearch(navigate: ReturnType<typeof useNavigate>) {
  const here = document.querySelector<HTMLInputElement>('main input[type="search"]');
  if (here) {
    here.focus();
    return;
  }
  void navigate('/explore');
  const started = performance.now();
  const look = () => {
    const box = document.querySelector<HTMLInputElement>('main input[type="search"]');
    if (box) box.focus();
    else if (performance.now() - started < 3000) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/**
 * Keys for people with a keyboard: j and k move between the posts of a feed or grid of cards, l likes
 * and s saves the post in view, / searches, ? lists them all; Escape closes dialogs and sheets (each
 * does that itself). Nothing happens while typing or while a dialog is open over the page.
 */
export function KeyboardShortcuts() {
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  const [helpAsked, setHelpAsked] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const cards = postCards();
      const current = currentCard(cards);
      const key = shortcutOf(event);
      const act = (): boolean => {
        switch (key) {
          case '?':
            setHelpAsked(true);
            setHelpOpen(true);
            return true;
          case '/':
            focusSearch(navigate);
            return true;
          case 'j':
          case 'k': {
            if (!current) return false;
            const index = cards.indexOf(current);
            const focusedHere = current.contains(document.activeElement);
            // The first j goes to the post in view, when the focus is not on a post yet.
            const target = !focusedHere ? current : cards[index + (key === 'j' ? 1 : -1)];
            if (!target) return false;
            moveTo(target);
            return true;
          }
          case 'l':
          case 's': {
            const button = current?.querySelector<HTMLButtonElement>(
              `button[data-shortcut="${key === 'l' ? 'like' : 'save'}"]`,
            );
            button?.click();
            return button !== undefined && button !== null;
          }
          default:
            return false;
        }
      };
      if (act()) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);

  // The dialog's code (Radix dialog and the list) loads when '?' is first pressed, not with every page.
  if (!helpAsked) return null;
  return (
    <Suspense fallback={null}>
      <KeyboardShortcutsHelp open={helpOpen} onOpenChange={setHelpOpen} />
    </Suspense>
  );
}
