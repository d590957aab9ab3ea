import { createEmptyFilterSet } from '@sys/shared';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/app/i18n';
import { ActiveFilters } from './active-filters';

const filters = { ...createEmptyFilterSet(), colors: ['Black'] };

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('ActiveFilters count', () => {
  it('shows an exact count as "Showing N filtered results"', () => {
    render(<ActiveFilters filters={filters} total={999} onRemove={() => {}} onClear={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 999 filtered results');
  });

  it('shows a capped count as "Showing 1,000+ filtered results"', () => {
    render(
      <ActiveFilters filters={filters} total={1000} totalCapped onRemove={() => {}} onClear={() => {}} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Showing 1,000+ filtered results');
  });

  it('says "more than" in Hebrew', async () => {
    await i18n.changeLanguage('he');
    render(
      <ActiveFilters filters={filters} total={1000} totalCapped onRemove={() => {}} onClear={() => {}} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('מוצגות יותר מ-1,000 תוצאות מסוננות');
  });
});

describe('ActiveFilters values', () => {
  const chosen = {
    ...createEmptyFilterSet(),
    sizes: ['M'],
    colors: ['Black'],
    styles: ['Casual'],
    patterns: ['Floral'],
    productTypes: ['Dress'],
    brands: ['Zara'],
  };

  it('are named as the filter dialog names them, in English', () => {
    render(<ActiveFilters filters={chosen} total={3} onRemove={() => {}} onClear={() => {}} />);
    for (const text of [
      'Size: M',
      'Color: Black',
      'Style: Casual',
      'Pattern: Floral',
      'Product Type: Dress',
      'Brand: Zara',
    ])
      expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('and in Hebrew (sizes and brands are names)', async () => {
    await i18n.changeLanguage('he');
    render(<ActiveFilters filters={chosen} total={3} onRemove={() => {}} onClear={() => {}} />);
    for (const text of [
      'מידה: M',
      'צבע: שחור',
      'סגנון: יומיומי',
      'דוגמה: פרחוני',
      'סוג מוצר: שמלה',
      'מותג: Zara',
    ])
      expect(screen.getByText(text)).toBeInTheDocument();
  });
});
