import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { notify } from './toast';
import Toaster from './toaster';

beforeEach(() => {
  vi.useFakeTimers({
    toFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'Date',
      'requestAnimationFrame',
      'cancelAnimationFrame',
    ],
  });
  // jsdom lacks it; Sonner captures the pointer when a press starts on a toast (to follow a swipe).
  Element.prototype.setPointerCapture ??= () => undefined;
});

afterEach(() => {
  vi.useRealTimers();
});

async function showToast(title: string) {
  render(
    <>
      <button type="button">Elsewhere</button>
      <Toaster dir={i18n.dir()} />
    </>,
  );
  act(() => void notify.destructive(title));
  await act(async () => vi.advanceTimersByTimeAsync(50));
  return screen.getByText(title).closest('[data-sonner-toast]') as HTMLElement;
}

describe('Toaster', () => {
  it('closes a toast that was pressed and hovered once the pointer is elsewhere (not after 30 s)', async () => {
    const toast = await showToast('Sign in required');
    // Over the toast, and a press that ends outside it: Sonner pauses and never resumes by itself.
    fireEvent.pointerOver(toast);
    fireEvent.mouseEnter(toast);
    fireEvent.pointerDown(toast);
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByText('Sign in required')).toBeInTheDocument();

    fireEvent.pointerOver(screen.getByRole('button', { name: 'Elsewhere' }));
    fireEvent.mouseLeave(toast);
    // Its own duration (2 s at most), then the closing animation.
    await act(async () => vi.advanceTimersByTimeAsync(2_000));
    await act(async () => vi.advanceTimersByTimeAsync(500));
    expect(screen.queryByText('Sign in required')).not.toBeInTheDocument();
  });

  for (const [language, label] of [
    ['en', 'Close notification'],
    ['he', 'סגירת ההתראה'],
  ] as const) {
    it(`${language}: gives every toast a close button the keyboard reaches`, async () => {
      await i18n.changeLanguage(language);
      await showToast('Signed out successfully');
      const close = screen.getByRole('button', { name: label });
      expect(close.tabIndex).toBe(0);
      close.focus();
      expect(close).toHaveFocus();
      fireEvent.click(close);
      await act(async () => vi.advanceTimersByTimeAsync(500));
      expect(screen.queryByText('Signed out successfully')).not.toBeInTheDocument();
    });
  }
});
