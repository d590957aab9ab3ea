import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { apiErrorBody, fakeApi, withStatus } from '@/test/fake-api';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { idbFiles } from '@/test/memory-idb';
import { renderApp } from '@/test/render-app';

vi.mock('@/shared/lib/idb', () => import('@/test/memory-idb'));

// Someone is signed in (the fake session's user).
installFakeAuthClient(fakeSession());
const ME = '00000000-0000-4000-8000-000000000001';

const c = '00000000-0000-4000-8000-0000000000c7';
const other = {
  id: '00000000-0000-4000-8000-0000000000b7',
  username: 'amara.okafor',
  display_name: null,
  avatar_url: null,
};
const at = new Date().toISOString();
const conversation = {
  id: c,
  participant: other,
  last_message: null,
  unread_count: 0,
  last_message_at: at,
  created_at: at,
};

/** The conversation's routes; POST messages answers with `answer` and records each body sent. */
function serve(answer: (body: string) => unknown) {
  const posted: string[] = [];
  const thread: unknown[] = [];
  fakeApi({
    'GET /api/v1/conversations': () => ({ items: [conversation], next_cursor: null }),
    [`GET /api/v1/conversations/${c}`]: () => conversation,
    [`GET /api/v1/conversations/${c}/messages`]: () => ({ items: [...thread].reverse(), next_cursor: null }),
    [`POST /api/v1/conversations/${c}/read`]: () => ({ count: 0 }),
    [`POST /api/v1/conversations/${c}/messages`]: (_url, init) => {
      const { body } = JSON.parse(String(init?.body)) as { body: string };
      posted.push(body);
      const answered = answer(body);
      if (answered && typeof answered === 'object' && 'id' in answered) thread.push(answered);
      return answered;
    },
  });
  return posted;
}

const setOnline = (online: boolean) =>
  act(() => {
    onlineManager.setOnline(online);
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
  idbFiles.clear();
});

afterEach(() => {
  onlineManager.setOnline(true);
  vi.restoreAllMocks();
});

describe('a message written offline', () => {
  for (const [language, waiting] of [
    ['en', 'Waiting to send'],
    ['he', 'ממתין לשליחה'],
  ] as const) {
    it(`${language}: waits in the thread, marked, and goes out once when the connection returns`, async () => {
      await i18n.changeLanguage(language);
      const posted = serve((body) => ({
        id: '00000000-0000-4000-8000-0000000000d1',
        conversation_id: c,
        sender_id: ME,
        body,
        created_at: new Date().toISOString(),
      }));
      const { user } = renderApp(`/messages?c=${c}`);
      const field = await screen.findByRole('textbox', {}, { timeout: 8000 });
      await waitFor(() => expect(idbFiles.has(`outbox:${ME}`)).toBe(false));
      await setOnline(false);
      await user.type(field, 'See you at the market{Enter}');

      expect(await screen.findByText('See you at the market')).toBeInTheDocument();
      expect(screen.getByText(waiting)).toBeInTheDocument();
      expect(posted).toEqual([]);
      expect(idbFiles.has(`outbox:${ME}`)).toBe(true);

      await setOnline(true);
      await waitFor(() => expect(screen.queryByText(waiting)).not.toBeInTheDocument());
      expect(screen.getByText('See you at the market')).toBeInTheDocument();
      expect(posted).toEqual(['See you at the market']);
      expect(idbFiles.has(`outbox:${ME}`)).toBe(false);
      // Asked again (the retry timer, another online event): nothing goes twice.
      await setOnline(true);
      expect(posted).toEqual(['See you at the market']);
    });
  }

  it('is dropped with a toast people understand when the server refuses it for good (403)', async () => {
    await i18n.changeLanguage('en');
    const posted = serve(() => withStatus(403, apiErrorBody('forbidden', 'Forbidden')));
    const { user } = renderApp(`/messages?c=${c}`);
    const field = await screen.findByRole('textbox', {}, { timeout: 8000 });
    await setOnline(false);
    await user.type(field, 'Are you there?{Enter}');
    expect(await screen.findByText('Waiting to send')).toBeInTheDocument();

    await setOnline(true);
    expect(
      await screen.findByText(
        'A message you wrote offline was not sent: you can no longer message this person',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Waiting to send')).not.toBeInTheDocument();
    expect(screen.queryByText('Are you there?')).not.toBeInTheDocument();
    expect(posted).toEqual(['Are you there?']);
    expect(idbFiles.has(`outbox:${ME}`)).toBe(false);
  });

  it('is not sent twice when a page closed during its send and the server had it', async () => {
    await i18n.changeLanguage('en');
    const posted = serve(() => withStatus(500));
    // The earlier page started sending and went away; the server stored the message.
    const arrived = {
      id: '00000000-0000-4000-8000-0000000000d9',
      conversation_id: c,
      sender_id: ME,
      body: 'Sent as the tab closed',
      created_at: new Date().toISOString(),
    };
    const list = vi.mocked(globalThis.fetch).getMockImplementation();
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
      const url = new URL(String(input), window.location.origin);
      if (url.pathname === `/api/v1/conversations/${c}/messages` && (init?.method ?? 'GET') === 'GET') {
        return new Response(JSON.stringify({ items: [arrived], next_cursor: null }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }
      return list ? list(input, init) : new Response(null, { status: 404 });
    });
    idbFiles.set(`outbox:${ME}`, [
      {
        id: 'waiting-1',
        kind: 'message',
        key: 'waiting-1',
        payload: { conversationId: c, body: 'Sent as the tab closed' },
        createdAt: Date.now() - 2000,
        attemptedAt: Date.now() - 1000,
      },
    ]);
    renderApp(`/messages?c=${c}`);
    expect(await screen.findByText('Sent as the tab closed', {}, { timeout: 8000 })).toBeInTheDocument();
    await waitFor(() => expect(idbFiles.has(`outbox:${ME}`)).toBe(false));
    expect(posted).toEqual([]);
    expect(screen.queryByText('Waiting to send')).not.toBeInTheDocument();
  });
});
