import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { fakeApi, withStatus } from '@/test/fake-api';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { FakeEventSource } from '@/test/fake-event-source';
import { idbFiles } from '@/test/memory-idb';
import { renderApp } from '@/test/render-app';

vi.mock('@/shared/lib/idb', () => import('@/test/memory-idb'));

installFakeAuthClient(fakeSession());
const ME = '00000000-0000-4000-8000-000000000001';
const c = '00000000-0000-4000-8000-0000000000c8';
const other = {
  id: '00000000-0000-4000-8000-0000000000b8',
  username: 'amara.okafor',
  display_name: 'Amara',
  avatar_url: null,
};
const at = new Date().toISOString();
const message = (id: string, sender: string, body: string) => ({
  id,
  conversation_id: c,
  sender_id: sender,
  body,
  created_at: at,
});
const mine = message('00000000-0000-4000-8000-0000000000e1', ME, 'Wrong photo, sorry');
const theirs = message('00000000-0000-4000-8000-0000000000e2', other.id, 'No worries');

function serve() {
  const deletes: string[] = [];
  let thread = [mine, theirs];
  fakeApi({
    'GET /api/v1/conversations': () => ({ items: [], next_cursor: null }),
    [`GET /api/v1/conversations/${c}`]: () => ({
      id: c,
      participant: other,
      last_message: null,
      unread_count: 0,
      last_message_at: at,
      created_at: at,
    }),
    [`GET /api/v1/conversations/${c}/messages`]: () => ({ items: [...thread].reverse(), next_cursor: null }),
    [`POST /api/v1/conversations/${c}/read`]: () => ({ unread_count: 0 }),
    [`DELETE /api/v1/messages/${mine.id}`]: (url) => {
      deletes.push(url.pathname);
      thread = thread.filter((m) => m.id !== mine.id);
      return withStatus(204);
    },
  });
  return deletes;
}

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
  // What auth-js stores with a session: the app sends the stream its token only when one is stored.
  window.localStorage.setItem('sys-auth', '{}');
  idbFiles.clear();
  FakeEventSource.install();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('deleting one of my messages', () => {
  it("goes from the other person's open thread when the live event arrives", async () => {
    await i18n.changeLanguage('en');
    serve();
    renderApp(`/messages?c=${c}`);
    expect(await screen.findByText('No worries', {}, { timeout: 8000 })).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.open().length).toBeGreaterThan(0));
    FakeEventSource.emitToOpen({ type: 'message.deleted', conversation_id: c, message_id: theirs.id });
    await waitFor(() => expect(screen.queryByText('No worries')).not.toBeInTheDocument());
    expect(screen.getByText('Wrong photo, sorry')).toBeInTheDocument();
  });

  for (const [language, text] of [
    [
      'en',
      {
        label: 'Delete your message: Wrong photo, sorry',
        title: 'Delete message?',
        description: 'It will be removed for you and for amara.okafor. This action cannot be undone.',
        cancel: 'Cancel',
        confirm: 'Delete',
        done: 'Message deleted',
      },
    ],
    [
      'he',
      {
        label: 'מחיקת ההודעה שלך: Wrong photo, sorry',
        title: 'למחוק את ההודעה?',
        description: 'ההודעה תימחק אצלך ואצל amara.okafor. אי אפשר לבטל את הפעולה הזו.',
        cancel: 'ביטול',
        confirm: 'מחיקה',
        done: 'ההודעה נמחקה',
      },
    ],
  ] as const) {
    it(`${language}: asks first, by keyboard, then removes it; theirs has no delete`, async () => {
      await i18n.changeLanguage(language);
      const deletes = serve();
      const { user } = renderApp(`/messages?c=${c}`);
      const remove = await screen.findByRole('button', { name: text.label }, { timeout: 8000 });
      // Only my own message has one.
      expect(
        screen.getAllByRole('button', { name: new RegExp(text.label.split(':')[0] ?? '') }),
      ).toHaveLength(1);

      // Cancel keeps it.
      remove.focus();
      await user.keyboard('{Enter}');
      let dialog = await screen.findByRole('alertdialog');
      expect(within(dialog).getByText(text.title)).toBeInTheDocument();
      expect(within(dialog).getByText(text.description)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: text.cancel }));
      expect(deletes).toEqual([]);
      expect(screen.getByText('Wrong photo, sorry')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: text.label }));
      dialog = await screen.findByRole('alertdialog');
      await user.click(within(dialog).getByRole('button', { name: text.confirm }));
      await waitFor(() => expect(screen.queryByText('Wrong photo, sorry')).not.toBeInTheDocument());
      expect(deletes).toEqual([`/api/v1/messages/${mine.id}`]);
      expect(await screen.findByText(text.done)).toBeInTheDocument();
      expect(screen.getByText('No worries')).toBeInTheDocument();
    });
  }
});
