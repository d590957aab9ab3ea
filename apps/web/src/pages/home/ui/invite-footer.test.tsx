import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { InviteFooter } from './invite-footer';

const address = window.location.origin;

function stubShare(share: unknown) {
  vi.stubGlobal('navigator', { ...navigator, share });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('InviteFooter Share', () => {
  it("shares an invite message with the site's own address through the device share sheet", async () => {
    const share = vi.fn(async () => undefined);
    stubShare(share);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<InviteFooter />);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({
      text: `Join me on SYS, the fashion community for great inspirations and new looks: ${address}`,
    });
    expect(open).not.toHaveBeenCalled();
  });

  it('ignores a cancelled share sheet', async () => {
    stubShare(
      vi.fn(async () => {
        throw new DOMException('Share canceled', 'AbortError');
      }),
    );
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<InviteFooter />);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(open).not.toHaveBeenCalled();
  });

  it('opens a WhatsApp link with the invite in a new tab when there is no share sheet (Hebrew message in Hebrew)', async () => {
    stubShare(undefined);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await i18n.changeLanguage('he');
    render(<InviteFooter />);
    await userEvent.click(screen.getByRole('button', { name: 'שיתוף' }));
    expect(open).toHaveBeenCalledTimes(1);
    const [link, target, features] = open.mock.calls[0] ?? [];
    expect(target).toBe('_blank');
    expect(features).toContain('noopener');
    const url = new URL(String(link));
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/');
    expect(url.searchParams.get('text')).toBe(
      `הצטרפו אליי ל-SYS, קהילת האופנה להשראה מעולה ולוקים חדשים: ${address}`,
    );
  });

  it('falls back to the WhatsApp link when the share sheet fails', async () => {
    stubShare(
      vi.fn(async () => {
        throw new DOMException('Not allowed', 'NotAllowedError');
      }),
    );
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<InviteFooter />);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(open).toHaveBeenCalledWith(
      expect.stringMatching(/^https:\/\/wa\.me\/\?text=Join%20me/),
      '_blank',
      expect.stringContaining('noopener'),
    );
  });
});
