import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { PostCaption } from './post-caption';

function renderCaption(caption: string) {
  const view = render(
    <AppProviders>
      <PostCaption caption={caption} />
    </AppProviders>,
  );
  return { ...view, user: userEvent.setup() };
}

describe('PostCaption', () => {
  it('removes the hashtags from the caption it shows', () => {
    renderCaption('Sunny day look #Casual #Beach');
    expect(screen.getByText('Sunny day look')).toBeInTheDocument();
    expect(screen.queryByText(/#Casual/)).not.toBeInTheDocument();
  });

  it('shows the first 50 characters with more, and the whole caption after more; less folds it again', async () => {
    const long = 'A long caption about a linen shirt, wide jeans and sandals for the beach';
    const { user } = renderCaption(long);
    expect(screen.getByText(`${long.slice(0, 50)}...`)).toBeInTheDocument();

    const more = screen.getByRole('button', { name: 'more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(screen.getByText(long)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'less' }));
    expect(screen.getByText(`${long.slice(0, 50)}...`)).toBeInTheDocument();
  });

  it('has no more/less button when the caption fits', () => {
    renderCaption('Exactly short');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('is right to left and right-aligned when it has Hebrew, left to right otherwise', () => {
    const { container, rerender } = renderCaption('לוק של שבת בבוקר');
    const paragraph = container.querySelector('p');
    expect(paragraph).toHaveAttribute('dir', 'rtl');
    expect(paragraph).toHaveClass('text-right');

    rerender(
      <AppProviders>
        <PostCaption caption="Saturday morning" />
      </AppProviders>,
    );
    expect(container.querySelector('p')).toHaveAttribute('dir', 'ltr');
  });

  it('shows nothing for a caption made only of hashtags', () => {
    const { container } = renderCaption('#Casual #Party');
    expect(container.querySelector('p')).toBeNull();
  });
});
