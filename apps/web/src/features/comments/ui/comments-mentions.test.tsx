import type { Comment, MentionSuggestions } from '@sys/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { AppProviders, createQueryClient } from '@/app/providers';
import { fakeApi } from '@/test/fake-api';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import CommentsSheet from './comments-sheet';

// Mentions in the comments sheet: the suggestion combobox while typing '@', and '@name' drawn as links.
installFakeAuthClient(fakeSession());

const POST_ID = '00000000-0000-4000-8000-0000000000aa';

const people: MentionSuggestions['items'] = [
  {
    id: '00000000-0000-4000-8000-0000000000d1',
    username: 'maya.curves',
    display_name: 'Maya',
    avatar_url: null,
    following: true,
  },
  {
    id: '00000000-0000-4000-8000-0000000000d2',
    username: 'mali_k',
    display_name: 'מלי',
    avatar_url: null,
    following: false,
  },
];

function comment(body: string): Comment {
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    post_id: POST_ID,
    parent_id: null,
    body,
    created_at: new Date().toISOString(),
    author: {
      id: '00000000-0000-4000-8000-0000000000b1',
      username: 'noa.levi',
      display_name: null,
      avatar_url: null,
    },
    like_count: 0,
    liked_by_me: false,
  };
}

let asked: string[];
let posted: unknown[];

function renderSheet(comments: Comment[] = []) {
  asked = [];
  posted = [];
  fakeApi({
    [`GET /api/v1/posts/${POST_ID}/comments`]: () => ({ items: comments, next_cursor: null }),
    'GET /api/v1/mentions/suggestions': (url) => {
      const q = url.searchParams.get('q') ?? '';
      asked.push(q);
      return { items: people.filter((p) => p.username.startsWith(q.toLowerCase())) };
    },
    [`POST /api/v1/posts/${POST_ID}/comments`]: (_url, init) => {
      posted.push(JSON.parse(String(init?.body)));
      return { ...comment('x'), id: '00000000-0000-4000-8000-0000000000c9' };
    },
  });
  const onOpenChange = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <CommentsSheet
          post={{ id: POST_ID, comment_count: comments.length }}
          open
          onOpenChange={onOpenChange}
        />
      </MemoryRouter>
    </AppProviders>,
  );
  return { onOpenChange };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('mention suggestions in a comment', () => {
  it('opens a listbox while typing @, people followed first, and names the field as its combobox', async () => {
    renderSheet();
    const user = userEvent.setup();
    const field = await screen.findByRole('combobox', { name: 'Add comment...' });
    expect(field).toHaveAttribute('aria-expanded', 'false');
    await user.type(field, 'love it @ma');
    const list = await screen.findByRole('listbox', { name: 'People to mention' });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Maya@maya.curvesYou follow', 'מלי@mali_k']);
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(field).toHaveAttribute('aria-controls', list.id);
    expect(field).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('status', { hidden: true })).toHaveTextContent(/2 people to mention/);
    expect(asked).toContain('ma');
  });

  it('moves with the arrow keys (wrapping) and Enter writes the chosen @username, not sending the comment', async () => {
    renderSheet();
    const user = userEvent.setup();
    const field = await screen.findByRole('combobox', { name: 'Add comment...' });
    await user.type(field, 'hi @ma');
    const list = await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}');
    const options = within(list).getAllByRole('option');
    expect(field).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{ArrowDown}');
    expect(field).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(field).toHaveValue('hi @mali_k ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(posted).toEqual([]);
    // The next Enter sends it, mention and all.
    await user.keyboard('nice{Enter}');
    await vi.waitFor(() =>
      expect(posted).toEqual([{ body: 'hi @mali_k nice', parent_id: null, client_id: expect.any(String) }]),
    );
  });

  it('Escape closes the list and leaves the sheet open; the next Escape closes the sheet', async () => {
    const { onOpenChange } = renderSheet();
    const user = userEvent.setup();
    const field = await screen.findByRole('combobox', { name: 'Add comment...' });
    await user.type(field, '@ma');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(field).toHaveValue('@ma');
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('chooses with the pointer too, and asks nothing for an e-mail address', async () => {
    renderSheet();
    const user = userEvent.setup();
    const field = await screen.findByRole('combobox', { name: 'Add comment...' });
    await user.type(field, 'ana@ma');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(asked).toEqual([]);
    await user.clear(field);
    await user.type(field, '@maya');
    await user.click(await screen.findByRole('option', { name: /maya\.curves/ }));
    expect(field).toHaveValue('@maya.curves ');
    expect(field).toHaveFocus();
  });

  it('speaks Hebrew, and an @username stays left-to-right inside the right-to-left list', async () => {
    await i18n.changeLanguage('he');
    renderSheet();
    const user = userEvent.setup();
    const field = await screen.findByRole('combobox', { name: 'הוספת תגובה...' });
    await user.type(field, '@ma');
    const list = await screen.findByRole('listbox', { name: 'אנשים לאזכור' });
    expect(within(list).getByText('במעקב שלך')).toBeInTheDocument();
    const handle = within(list).getByText('@maya.curves');
    expect(handle.tagName).toBe('BDI');
    expect(handle).toHaveAttribute('dir', 'ltr');
  });
});

describe('mentions in a shown comment', () => {
  it('links each @username to its profile, and leaves e-mail addresses as text', async () => {
    renderSheet([comment('שמלה יפה @maya.curves! write to ana@mail.com')]);
    const link = await screen.findByRole('link', { name: '@maya.curves' });
    expect(link).toHaveAttribute('href', '/profile/maya.curves');
    expect(link.querySelector('bdi')).toHaveAttribute('dir', 'ltr');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText(/write to ana@mail\.com/)).toBeInTheDocument();
  });
});
