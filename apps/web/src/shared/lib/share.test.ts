import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareLink } from './share';

const link = { url: 'https://sys.example/', title: 'SYS', text: 'Share Your Style' };

function stubNavigator(share: unknown, writeText: (text: string) => Promise<void>) {
  vi.stubGlobal('navigator', { ...navigator, share, clipboard: { writeText } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('shareLink', () => {
  it('uses the device share sheet when there is one', async () => {
    const share = vi.fn(async () => undefined);
    const writeText = vi.fn(async () => undefined);
    stubNavigator(share, writeText);
    expect(await shareLink(link)).toBe('shared');
    expect(share).toHaveBeenCalledWith(link);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('treats a cancelled share sheet as no error, and copies nothing', async () => {
    const writeText = vi.fn(async () => undefined);
    stubNavigator(
      vi.fn(async () => {
        throw new DOMException('Share canceled', 'AbortError');
      }),
      writeText,
    );
    expect(await shareLink(link)).toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link when sharing is not possible', async () => {
    const writeText = vi.fn(async () => undefined);
    stubNavigator(undefined, writeText);
    expect(await shareLink(link)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith('https://sys.example/');

    stubNavigator(
      vi.fn(async () => {
        throw new DOMException('Not allowed', 'NotAllowedError');
      }),
      writeText,
    );
    expect(await shareLink(link)).toBe('copied');
  });

  it('reports a failure when the clipboard refuses too', async () => {
    stubNavigator(undefined, async () => {
      throw new Error('denied');
    });
    expect(await shareLink(link)).toBe('failed');
  });
});
