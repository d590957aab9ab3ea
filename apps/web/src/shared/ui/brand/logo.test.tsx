import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logoMarkup } from '../../../../vite-plugins/app-shell';
import { Logo, WORDMARK } from './logo';
import { drawWordmark } from './logo-art';

describe('the logo', () => {
  it('draws the wordmark at build time with the paths drawWordmark makes', () => {
    expect(WORDMARK).toEqual(drawWordmark());
    expect(WORDMARK.fill.length).toBeGreaterThan(100);
  });

  it('draws the same paths as the app shell in index.html (painted before any JavaScript runs)', () => {
    const { container } = render(<Logo />);
    const drawn = [...container.querySelectorAll('path')].map((path) => path.getAttribute('d'));
    const shell = document.createElement('div');
    shell.innerHTML = logoMarkup();
    const painted = [...shell.querySelectorAll('path')].map((path) => path.getAttribute('d'));
    expect(drawn).toEqual(painted);
    expect(drawn).toContain(drawWordmark().fill);
  });
});
