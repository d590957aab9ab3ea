import type { Comment } from '@sys/shared';
import { onlineManager } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { AppProviders, createQueryClient } from '@/app/providers';
import { openOutbox } from '@/shared/lib/outbox';
import { apiErrorBody, fakeApi, withStatus } from '@/test/fake-api';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { idbFiles } from '@/test/memory-idb';
import CommentsSheet from './comments-sheet';

vi.mock('@/shared/lib/idb', () => import('@/test/memory-idb'));

// Signed in: writing a comment needs an account (a visitor's sheet: pages/post-detail/guest-comments.test.tsx).
installFakeAuthClient(fakeSession());

const POST_ID = '00000000-0000-4000-8000-0000000000aa';

function comment(overrides: Partial<Comment>): Comment {
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    post_id: POST_ID,
    parent_id: null,
    body: 'Great colours!',
    created_at: new Date().toISOString(),
    author: {
      id: '00000000-0000-4000-8000-0000000000b1',
      username: 'noa.levi',
      display_name: null,
      avatar_url: null,
    },
    like_count: 0,
    liked_by_me: false,
    ...overrides,
  };
}

function renderSheet(comments: Comment[], routes: Parameters<typeof fakeApi>[0] = {}) {
  fakeApi({
    [`GET /api/v1/posts/${POST_ID}/comments`]: () => ({ items: comments, next_cursor: null }),
    ...routes,
  });
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <CommentsSheet
        post={{ id: POST_ID, comment_count: comments.length }}
        open
        onOpenChange={() => undefined}
      />
    </AppProviders>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe('CommentsSheet', () => {
  it('names a comment Like button with its count, like the card ("Like (1 like)", not "Like1")', async () => {
    renderSheet([
      comment({ like_count: 1 }),
      comment({ id: '00000000-0000-4000-8000-0000000000c2', body: 'Love it', like_count: 12 }),
      comment({ id: '00000000-0000-4000-8000-0000000000c3', body: 'Nice' }),
    ]);
    expect(await screen.findByRole('button', { name: 'Like (1 like)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like (12 likes)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like' })).toBeInTheDocument();
  });

  it('names it in Hebrew too', async () => {
    await i18n.changeLanguage('he');
    renderSheet([comment({ like_count: 2 })]);
    expect(await screen.findByRole('button', { name: 'לייק (2 לייקים)' })).toBeInTheDocument();
  });

  it("says in Hebrew why a comment could not be added (not the server's English)", async () => {
    await i18n.changeLanguage('he');
    renderSheet([], {
      [`POST /api/v1/posts/${POST_ID}/comments`]: () =>
        withStatus(404, apiErrorBody('not_found', 'Post not found')),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('combobox', { name: 'הוספת תגובה...' }), 'יפה!{Enter}');
    expect(await screen.findByText('לא הצלחנו להוסיף את התגובה')).toBeInTheDocument();
    expect(screen.getByText('הפוסט לא נמצא')).toBeInTheDocument();
    expect(screen.queryByText('Post not found')).not.toBeInTheDocument();
  });

  for (const [language, text] of [
    [
      'en',
      {
        delete: 'Delete',
        title: 'Delete comment?',
        cancel: 'Cancel',
        confirm: 'Delete',
        done: 'Comment deleted',
      },
    ],
    [
      'he',
      { delete: 'מחיקה', title: 'למחוק את התגובה?', cancel: 'ביטול', confirm: 'מחיקה', done: 'התגובה נמחקה' },
    ],
  ] as const) {
    it(`${language}: asks before deleting one's own comment; Cancel keeps it`, async () => {
      await i18n.changeLanguage(language);
      const deletes: string[] = [];
      const own = comment({
        author: {
          id: '00000000-0000-4000-8000-000000000001',
          username: 'ada',
          display_name: null,
          avatar_url: null,
        },
      });
      renderSheet([own], {
        [`DELETE /api/v1/comments/${own.id}`]: (url) => {
          deletes.push(url.pathname);
          return withStatus(204);
        },
      });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: text.delete }));
      const dialog = await screen.findByRole('alertdialog', { name: text.title });
      expect(deletes).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: text.cancel }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(deletes).toEqual([]);

      await user.click(screen.getByRole('button', { name: text.delete }));
      await user.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: text.confirm }),
      );
      expect(await screen.findByText(text.done)).toBeInTheDocument();
      expect(deletes).toEqual([`/api/v1/comments/${own.id}`]);
    });
  }

  for (const [language, text] of [
    [
      'en',
      { field: 'Add comment...', waiting: 'Waiting to send', discard: 'Discard comment waiting to send' },
    ],
    ['he', { field: 'הוספת תגובה...', waiting: 'ממתין לשליחה', discard: 'ביטול תגובה שממתינה לשליחה' }],
  ] as const) {
    it(`${language}: a comment written offline waits in the list, marked, until discarded`, async () => {
      await i18n.changeLanguage(language);
      idbFiles.clear();
      const send = vi.fn(async () => undefined);
      const close = openOutbox('00000000-0000-4000-8000-000000000001', { send });
      const posts: unknown[] = [];
      renderSheet([comment({})], {
        [`POST /api/v1/posts/${POST_ID}/comments`]: (_url, init) => {
          posts.push(init?.body);
          return withStatus(500);
        },
      });
      expect(await screen.findByText('Great colours!')).toBeInTheDocument();
      onlineManager.setOnline(false);
      const user = userEvent.setup();
      const field = screen.getByRole('combobox', { name: text.field });
      await user.type(field, 'Written on the train{Enter}');

      expect(await screen.findByText('Written on the train')).toBeInTheDocument();
      expect(screen.getByText(text.waiting)).toBeInTheDocument();
      expect(field).toHaveValue('');
      // Kept for this person on this device, not sent.
      expect([...idbFiles.keys()]).toEqual(['outbox:00000000-0000-4000-8000-000000000001']);
      expect(posts).toEqual([]);
      expect(send).not.toHaveBeenCalled();

      await user.click(screen.getByRole('button', { name: text.discard }));
      expect(screen.queryByText('Written on the train')).not.toBeInTheDocument();
      expect(screen.queryByText(text.waiting)).not.toBeInTheDocument();
      expect(idbFiles.size).toBe(0);
      onlineManager.setOnline(true);
      expect(send).not.toHaveBeenCalled();
      close();
    });
  }
});
