import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logoMarkup } from '../../../../vite-plugins/app-shell';
import { Logo } from './logo';
import { wordmark } from './logo-art';

describe('the logo', () => {
  it('builds the wordmark once and hands the same paths to every caller', () => {
    expect(wordmark()).toBe(wordmark());
    expect(wordmark().fill.length).toBeGreaterThan(100);
  });

  it('draws the same paths as the app shell in index.html (painted before any JavaScript runs)', () => {
    const { container } = render(<Logo />);
    const drawn = [...container.querySelectorAll('path')].map((path) => path.getAttribute('d'));
    const shell = document.createElement('div');
    shell.innerHTML = logoMarkup();
    const painted = [...shell.querySelectorAll('path')].map((path) => path.getAttribute('d'));
    expect(drawn).toEqual(painted);
    expect(drawn).toContain(wordmark().fill);
  });
});
