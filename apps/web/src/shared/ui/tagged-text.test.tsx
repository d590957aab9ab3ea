import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/app/i18n';
import { EmailText } from './email-text';
import { HandleText } from './tagged-text';

describe('sentences with a tagged part', () => {
  it('draw the address in its element, the rest as text, in both languages', async () => {
    for (const [language, text] of [
      ['en', 'Signed in as dana@example.com'],
      ['he', 'מחוברים בתור dana@example.com'],
    ] as const) {
      await i18n.changeLanguage(language);
      const { container, unmount } = render(
        <EmailText i18nKey="security.signedInAs" email="dana@example.com" />,
      );
      expect(container.textContent).toBe(text);
      const address = container.querySelector('bdi');
      expect(address).toHaveTextContent(/^dana@example\.com$/);
      expect(address).toHaveClass('font-medium');
      expect(container.children).toHaveLength(1);
      unmount();
    }
  });

  it('keep a value that looks like markup as text', () => {
    const email = '<email>x</email>@a.test';
    const { container } = render(<EmailText i18nKey="auth.reset.description" email={email} />);
    expect(container.textContent).toBe(`You will use it to sign in as ${email}`);
    expect(container.querySelectorAll('bdi')).toHaveLength(1);
    expect(container.querySelector('bdi')?.textContent).toBe(email);
  });

  it('put the handle of a sentence in the middle of it in its isolate', () => {
    const { container } = render(<HandleText i18nKey="albums.by" username="noa" />);
    expect(container.innerHTML).toBe('by <bdi dir="ltr">@noa</bdi>');
  });
});
