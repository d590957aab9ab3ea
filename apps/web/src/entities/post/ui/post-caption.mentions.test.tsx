import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PostCaption } from './post-caption';

function renderCaption(caption: string) {
  return render(
    <MemoryRouter>
      <PostCaption caption={caption} />
    </MemoryRouter>,
  );
}

describe('PostCaption mentions', () => {
  it('links @username to the profile; hashtags stay out of the text', () => {
    renderCaption('With @noa.levi at the beach #Summer');
    const link = screen.getByRole('link', { name: '@noa.levi' });
    expect(link).toHaveAttribute('href', '/profile/noa.levi');
    expect(screen.queryByText(/#Summer/)).not.toBeInTheDocument();
  });

  it('keeps a Hebrew caption right-to-left with the handle isolated left-to-right', () => {
    renderCaption('שמלה חדשה עם @maya.curves');
    const link = screen.getByRole('link', { name: '@maya.curves' });
    expect(link.closest('p')).toHaveAttribute('dir', 'rtl');
    expect(link.querySelector('bdi')).toHaveAttribute('dir', 'ltr');
  });

  it('links mentions in the shortened caption and in the whole one after "more"', async () => {
    const user = userEvent.setup();
    renderCaption(`Hi @ab.cd ${'x'.repeat(60)} and @efg`);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['@ab.cd']);
    await user.click(screen.getByRole('button', { name: 'more' }));
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['@ab.cd', '@efg']);
  });
});
