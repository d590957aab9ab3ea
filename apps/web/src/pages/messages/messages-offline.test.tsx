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

  it('sends again with the same client_id after a lost answer, and shows the message once', async () => {
    await i18n.changeLanguage('en');
    const clientIds: string[] = [];
    let first = true;
    const posted = serve(() => {
      // The server stored the first send, but its answer was lost on the way.
      if (first) {
        first = false;
        throw new TypeError('Failed to fetch');
      }
      return {
        id: '00000000-0000-4000-8000-0000000000d9',
        conversation_id: c,
        sender_id: ME,
        body: 'Sent as the line dropped',
        created_at: new Date().toISOString(),
      };
    });
    const list = vi.mocked(globalThis.fetch).getMockImplementation();
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
      if (init?.method === 'POST' && String(input).endsWith(`/conversations/${c}/messages`)) {
        clientIds.push((JSON.parse(String(init.body)) as { client_id: string }).client_id);
      }
      return list ? list(input, init) : new Response(null, { status: 404 });
    });
    const { user } = renderApp(`/messages?c=${c}`);
    const field = await screen.findByRole('textbox', {}, { timeout: 8000 });
    await user.type(field, 'Sent as the line dropped{Enter}');
    // The send failed as if offline: it waits in the outbox, with its id.
    expect(await screen.findByText('Waiting to send')).toBeInTheDocument();
    await setOnline(true);
    await waitFor(() => expect(screen.queryByText('Waiting to send')).not.toBeInTheDocument());
    expect(posted).toEqual(['Sent as the line dropped', 'Sent as the line dropped']);
    expect(clientIds).toHaveLength(2);
    expect(clientIds[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(clientIds[1]).toBe(clientIds[0]);
    expect(screen.getAllByText('Sent as the line dropped')).toHaveLength(1);
    expect(idbFiles.has(`outbox:${ME}`)).toBe(false);
  });
});
