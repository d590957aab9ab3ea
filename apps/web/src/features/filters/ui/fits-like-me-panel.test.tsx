import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/app/i18n';
import { FitsLikeMePanel, type FitsLikeMePanelProps } from './fits-like-me-panel';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const noop = () => {};

function renderPanel(props: Partial<FitsLikeMePanelProps>) {
  return render(
    <MemoryRouter>
      <FitsLikeMePanel
        eligibility="ready"
        tolerance={4}
        chosenByServer
        total={3}
        onToleranceChange={noop}
        onRegister={noop}
        onTurnOff={noop}
        {...props}
      />
    </MemoryRouter>,
  );
}

describe("'Fits like me' panel", () => {
  it('says the tolerance the server chose, and that it was widened, and the slider stays to change it', () => {
    renderPanel({ tolerance: 9, total: 7 });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Showing 7 outfits within ±9 cm of your measurements',
    );
    expect(screen.getByText('Widened from ±4 cm to find enough outfits; change it any time.')).toBeVisible();
    expect(screen.getByRole('slider')).toHaveValue('9');
  });

  it('does not speak of widening at the default or at a tolerance the person chose', () => {
    renderPanel({ tolerance: 4, total: 6 });
    expect(screen.getByRole('status')).toHaveTextContent('within ±4 cm');
    expect(screen.queryByText(/Widened/)).toBeNull();
    renderPanel({ tolerance: 9, chosenByServer: false });
    expect(screen.queryByText(/Widened/)).toBeNull();
  });

  it('says it in Hebrew', async () => {
    await i18n.changeLanguage('he');
    renderPanel({ tolerance: 9, total: 7 });
    expect(screen.getByRole('status')).toHaveTextContent('מוצגים 7 לוקים בטווח ±9 ס״מ מהמידות שלכם');
    expect(screen.getByText(/הטווח הורחב מ־±4 ס״מ/)).toBeVisible();
  });

  it('asks for measurements, saying what is shared and with whom, with a way to Edit Profile', () => {
    renderPanel({ eligibility: 'no-measurements', tolerance: undefined, total: undefined });
    const prompt = screen.getByTestId('fits-measurements-prompt');
    expect(prompt).toHaveTextContent('Add your chest, waist and hip measurements in Edit Profile');
    expect(prompt).toHaveTextContent('With Public on, signed-in members see them on your profile');
    expect(prompt).toHaveTextContent('with Private, nobody sees them');
    expect(screen.getByRole('link', { name: 'Go to Edit Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it('asks in Hebrew too', async () => {
    await i18n.changeLanguage('he');
    renderPanel({ eligibility: 'no-measurements', tolerance: undefined, total: undefined });
    expect(screen.getByTestId('fits-measurements-prompt')).toHaveTextContent('במצב פרטי אף אחד לא רואה אותן');
  });
});
