import type { Comment } from '@sys/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { fakeApi } from '@/test/fake-api';
import { testPost } from '@/test/posts';
import { renderApp } from '@/test/render-app';

// A visitor (no session): browsing, comments included, is open to all; writing asks to register.
const post = testPost(7, { comment_count: 1 });
const comment: Comment = {
  id: '00000000-0000-4000-8000-0000000000c1',
  post_id: post.id,
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
};

const texts = {
  en: {
    comments: 'Comments (1)',
    add: 'Add comment...',
    like: 'Like',
    reply: 'Reply',
    write: 'To comment on posts, you need to register',
    likePrompt: 'To like comments, you need to register',
    replyPrompt: 'To reply to comments, you need to register',
  },
  he: {
    comments: 'תגובות (1)',
    add: 'הוספת תגובה...',
    like: 'לייק',
    reply: 'תשובה',
    write: 'כדי להגיב לפוסטים, צריך להירשם',
    likePrompt: 'כדי לסמן לייק לתגובות, צריך להירשם',
    replyPrompt: 'כדי להשיב לתגובות, צריך להירשם',
  },
} as const;

let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
  api = fakeApi({
    [`GET /api/v1/posts/${post.id}`]: () => post,
    [`GET /api/v1/posts/${post.id}/comments`]: () => ({ items: [comment], next_cursor: null }),
    [`GET /api/v1/profiles/${post.author.username}/posts`]: () => ({ items: [post], next_cursor: null }),
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a visitor and a post's comments", () => {
  for (const language of ['en', 'he'] as const) {
    const text = texts[language];

    it(`${language}: the comment button shows the comments; writing, liking and replying ask to register`, async () => {
      await i18n.changeLanguage(language);
      const { user } = renderApp(`/post/${post.id}`);
      const commentsButton = await screen.findByRole('button', { name: text.comments });
      await user.click(commentsButton);

      const sheet = await screen.findByRole('dialog');
      expect(await within(sheet).findByText('Great colours!')).toBeInTheDocument();
      expect(screen.queryByText(text.write)).not.toBeInTheDocument();
      // Nothing was sent but reads.
      expect(api.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);

      expect(within(sheet).queryByRole('textbox')).not.toBeInTheDocument();
      expect(within(sheet).queryByRole('combobox')).not.toBeInTheDocument();
      // Escape goes to the topmost layer once the prompt holds the focus; pressed before that (a loaded
      // machine), it closed the comments sheet under the prompt instead.
      const escapeFrom = async (shown: string) => {
        const prompt = (await screen.findByText(shown)).closest('[role="dialog"], [role="alertdialog"]');
        await waitFor(() => expect(prompt?.contains(document.activeElement)).toBe(true));
        await user.keyboard('{Escape}');
        await waitFor(() => expect(screen.queryByText(shown)).not.toBeInTheDocument());
      };
      await user.click(within(sheet).getByRole('button', { name: text.add }));
      await escapeFrom(text.write);

      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: text.like }));
      await escapeFrom(text.likePrompt);

      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: text.reply }));
      expect(await screen.findByText(text.replyPrompt)).toBeInTheDocument();
      expect(api.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
    });
  }
});
