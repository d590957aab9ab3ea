import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { fakeApi } from '@/test/fake-api';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { photoPost } from '@/test/photo-post';
import { renderApp } from '@/test/render-app';

installFakeAuthClient(fakeSession());

let api: ReturnType<typeof fakeApi>;
const likes = () =>
  api.mock.calls
    .filter(([input, init]) => String(input).endsWith('/like') && init?.method === 'PUT')
    .map(([input]) => String(input));

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
  api = fakeApi({
    'GET /api/v1/posts': () => ({ items: [photoPost(1), photoPost(2), photoPost(3)], next_cursor: null }),
    'PUT /api/v1/posts/00000000-0000-4000-8000-000000000002/like': () => ({ liked: true, like_count: 1 }),
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const cards = () => screen.getAllByRole('article');
const press = (key: string, init: KeyboardEventInit = {}) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key, ...init });

describe('keyboard shortcuts', () => {
  it('j and k move between posts, l likes the one in focus', async () => {
    renderApp('/');
    await waitFor(() => expect(cards()).toHaveLength(3));
    press('j');
    expect(cards()[0]).toHaveFocus();
    press('j');
    expect(cards()[1]).toHaveFocus();
    press('j');
    press('k');
    expect(cards()[1]).toHaveFocus();
    press('l');
    await waitFor(() => expect(likes()).toEqual(['/api/v1/posts/00000000-0000-4000-8000-000000000002/like']));
  });

  it('does nothing while typing in a field, or with Ctrl held', async () => {
    const { user } = renderApp('/');
    await waitFor(() => expect(cards()).toHaveLength(3));
    press('j', { ctrlKey: true });
    expect(document.activeElement).toBe(document.body);
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    await user.keyboard('jl');
    expect(field).toHaveFocus();
    expect(field.value).toBe('jl');
    expect(likes()).toEqual([]);
    field.remove();
  });

  it('? lists the shortcuts, in Hebrew too, and keys work by their place on a Hebrew keyboard', async () => {
    await i18n.changeLanguage('he');
    renderApp('/');
    await waitFor(() => expect(cards()).toHaveLength(3));
    // Shift and the / key: '?' on a Latin layout, also on a Hebrew one.
    press('?', { code: 'Slash', shiftKey: true });
    const help = await screen.findByRole('dialog', { name: 'קיצורי מקלדת' });
    expect(within(help).getByText('הפוסט הבא')).toBeInTheDocument();
    fireEvent.keyDown(help, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The key where j is printed types 'ח' in Hebrew.
    press('ח', { code: 'KeyJ' });
    expect(cards()[0]).toHaveFocus();
  });

  it('/ opens the search box of Explore from a page without one', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(cards()).toHaveLength(3));
    press('/', { code: 'Slash' });
    await waitFor(() => expect(router.location.pathname).toBe('/explore'));
    await waitFor(() => expect(document.activeElement).toHaveAttribute('type', 'search'));
  });
});
