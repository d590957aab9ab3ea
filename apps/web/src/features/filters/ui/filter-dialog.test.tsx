import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/app/i18n';
import { AppProviders, createQueryClient } from '@/app/providers';
import { createTestRouter } from '@/test/memory-router';
import FilterDialog from './filter-dialog';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

function renderDialog() {
  const router = createTestRouter(['/explore']);
  render(
    <AppProviders queryClient={createQueryClient()}>
      {router.wrap(
        <Routes>
          <Route path="/explore" element={<FilterDialog open onOpenChange={() => undefined} />} />
          <Route path="/" element={null} />
        </Routes>,
      )}
    </AppProviders>,
  );
  return userEvent.setup();
}

function section(name: string) {
  return screen.getByRole('group', { name });
}

describe('the filter dialog search boxes', () => {
  it('find colours by a part of the English name, any case', async () => {
    const user = renderDialog();
    const colors = section('Color');
    await user.type(within(colors).getByRole('searchbox', { name: 'Search Color' }), 'bL');
    expect(within(colors).getByRole('button', { name: 'Black' })).toBeInTheDocument();
    expect(within(colors).getByRole('button', { name: 'Blue' })).toBeInTheDocument();
    expect(within(colors).queryByRole('button', { name: 'Red' })).not.toBeInTheDocument();
  });

  it('find the label shown in Hebrew (and still the stored English value)', async () => {
    await i18n.changeLanguage('he');
    const user = renderDialog();
    const colors = section('צבע');
    const search = within(colors).getByRole('searchbox', { name: 'חיפוש צבע' });
    await user.type(search, 'שח');
    expect(within(colors).getByRole('button', { name: 'שחור' })).toBeInTheDocument();
    expect(within(colors).queryByRole('button', { name: 'לבן' })).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'black');
    expect(within(colors).getByRole('button', { name: 'שחור' })).toBeInTheDocument();
  });

  it("say so when nothing matches, without a 'Show less' over an empty list", async () => {
    const user = renderDialog();
    const sizes = section('Size');
    await user.click(within(sizes).getByRole('button', { name: /^Show \d+ more$/ }));
    expect(within(sizes).getByRole('button', { name: 'Show less' })).toBeInTheDocument();
    await user.type(within(sizes).getByRole('searchbox', { name: 'Search Size' }), 'zzq');
    expect(within(sizes).getByText('No matches')).toBeInTheDocument();
    expect(within(sizes).queryByRole('button', { name: 'Show less' })).not.toBeInTheDocument();
    expect(within(sizes).queryByRole('button', { pressed: false })).not.toBeInTheDocument();
  });

  it('say so in Hebrew too', async () => {
    await i18n.changeLanguage('he');
    const user = renderDialog();
    const brands = section('מותג');
    await user.type(within(brands).getByRole('searchbox', { name: 'חיפוש מותג' }), 'zzq');
    expect(within(brands).getByText('אין התאמות')).toBeInTheDocument();
  });
});
