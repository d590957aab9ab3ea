import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, fakeApi, withStatus } from '@/test/fake-api';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { renderApp } from '@/test/render-app';

// Someone is signed in.
installFakeAuthClient(fakeSession());

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/messages', () => {
  it('says the messages could not be loaded (not "No messages yet") and loads them again on Try again', async () => {
    let failing = true;
    fakeApi({
      'GET /api/v1/conversations': () =>
        failing
          ? withStatus(500, apiErrorBody('internal', 'Internal Server Error'))
          : { items: [], next_cursor: null },
    });
    const { user } = renderApp('/messages');
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('Your messages could not be loaded');
    expect(screen.queryByText('No messages yet')).not.toBeInTheDocument();

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the date of a message not sent today, not only its time', async () => {
    const c = '00000000-0000-4000-8000-0000000000c1';
    const other = {
      id: '00000000-0000-4000-8000-0000000000b1',
      username: 'noa.levi',
      display_name: null,
      avatar_url: null,
    };
    const sent = new Date(2024, 2, 5, 10, 20).toISOString();
    const today = new Date();
    today.setHours(0, 1, 0, 0);
    fakeApi({
      [`GET /api/v1/conversations/${c}`]: () => ({
        id: c,
        participant: other,
        last_message: null,
        unread_count: 0,
        last_message_at: sent,
        created_at: sent,
      }),
      [`GET /api/v1/conversations/${c}/messages`]: () => ({
        items: [
          {
            id: '00000000-0000-4000-8000-0000000000d2',
            conversation_id: c,
            sender_id: other.id,
            body: 'And today',
            created_at: today.toISOString(),
          },
          {
            id: '00000000-0000-4000-8000-0000000000d1',
            conversation_id: c,
            sender_id: other.id,
            body: 'Long ago',
            created_at: sent,
          },
        ],
        next_cursor: null,
      }),
      [`POST /api/v1/conversations/${c}/read`]: () => ({ count: 0 }),
    });
    renderApp(`/messages?c=${c}`);
    const old = (await screen.findByText('Long ago')).closest('li');
    expect(old).toHaveTextContent(/Mar 5, 2024/);
    const recent = screen.getByText('And today').closest('li');
    expect(recent).not.toHaveTextContent(/[A-Z][a-z]{2} \d/);
  });

  it('reaches conversations beyond the first page', async () => {
    const at = new Date().toISOString();
    const row = (n: number) => ({
      id: `00000000-0000-4000-8000-0000000000c${n}`,
      participant: {
        id: `00000000-0000-4000-8000-0000000000b${n}`,
        username: `person.${n}`,
        display_name: null,
        avatar_url: null,
      },
      last_message: null,
      unread_count: 0,
      last_message_at: at,
      created_at: at,
    });
    fakeApi({
      'GET /api/v1/conversations': (url) =>
        url.searchParams.get('cursor') === 'next'
          ? { items: [row(2)], next_cursor: null }
          : { items: [row(1)], next_cursor: 'next' },
    });
    const { user } = renderApp('/messages');
    expect(await screen.findByRole('link', { name: /person\.1/ }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /person\.2/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more conversations' }));
    expect(await screen.findByRole('link', { name: /person\.2/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more conversations' })).not.toBeInTheDocument();
  });

  describe('one conversation', () => {
    const c = '00000000-0000-4000-8000-0000000000c2';
    const other = {
      id: '00000000-0000-4000-8000-0000000000b2',
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
    const message = (n: number) => ({
      id: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
      conversation_id: c,
      sender_id: other.id,
      body: `Message ${n}`,
      created_at: at,
    });

    it('says the thread could not be loaded (not "Say hello") and loads it again on Try again', async () => {
      let failing = true;
      fakeApi({
        [`GET /api/v1/conversations/${c}`]: () => conversation,
        [`GET /api/v1/conversations/${c}/messages`]: () =>
          failing
            ? withStatus(500, apiErrorBody('internal', 'Internal Server Error'))
            : { items: [message(1)], next_cursor: null },
        [`POST /api/v1/conversations/${c}/read`]: () => ({ count: 0 }),
      });
      const { user } = renderApp(`/messages?c=${c}`);
      const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
      expect(alert).toHaveTextContent('This conversation could not be loaded');
      expect(screen.queryByText(/Say hello/)).not.toBeInTheDocument();

      failing = false;
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('Message 1')).toBeInTheDocument();
    });

    it('offers a way back to the inbox when the conversation does not exist', async () => {
      fakeApi({
        [`GET /api/v1/conversations/${c}`]: () => withStatus(404, apiErrorBody('not_found', 'Not found')),
        [`GET /api/v1/conversations/${c}/messages`]: () =>
          withStatus(404, apiErrorBody('not_found', 'Not found')),
        'GET /api/v1/conversations': () => ({ items: [], next_cursor: null }),
      });
      const { user } = renderApp(`/messages?c=${c}`);
      expect(await screen.findByText('Conversation not found', {}, { timeout: 8000 })).toBeInTheDocument();
      await user.click(screen.getByRole('link', { name: 'Back to messages' }));
      expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    });

    it('says a conversation that failed to load (not missing) could not be loaded, with Try again', async () => {
      fakeApi({
        [`GET /api/v1/conversations/${c}`]: () =>
          withStatus(500, apiErrorBody('internal', 'Internal Server Error')),
        [`GET /api/v1/conversations/${c}/messages`]: () => ({ items: [], next_cursor: null }),
        [`POST /api/v1/conversations/${c}/read`]: () => ({ count: 0 }),
      });
      renderApp(`/messages?c=${c}`);
      const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
      expect(alert).toHaveTextContent('This conversation could not be loaded');
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      expect(screen.queryByText('Conversation not found')).not.toBeInTheDocument();
    });

    it('loads the earlier messages of a thread longer than one page on request', async () => {
      fakeApi({
        [`GET /api/v1/conversations/${c}`]: () => conversation,
        [`GET /api/v1/conversations/${c}/messages`]: (url) =>
          url.searchParams.get('cursor') === 'older'
            ? { items: [message(1)], next_cursor: null }
            : { items: [message(3), message(2)], next_cursor: 'older' },
        [`POST /api/v1/conversations/${c}/read`]: () => ({ count: 0 }),
      });
      const { user } = renderApp(`/messages?c=${c}`);
      expect(await screen.findByText('Message 2', {}, { timeout: 8000 })).toBeInTheDocument();
      expect(screen.queryByText('Message 1')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Show earlier messages' }));
      const first = await screen.findByText('Message 1');
      // Oldest at the top.
      expect(first.compareDocumentPosition(screen.getByText('Message 2'))).toBe(
        Node.DOCUMENT_POSITION_FOLLOWING,
      );
      expect(screen.queryByRole('button', { name: 'Show earlier messages' })).not.toBeInTheDocument();
    });

    it('keeps an unsent message when leaving the conversation and coming back', async () => {
      fakeApi({
        'GET /api/v1/conversations': () => ({ items: [conversation], next_cursor: null }),
        [`GET /api/v1/conversations/${c}`]: () => conversation,
        [`GET /api/v1/conversations/${c}/messages`]: () => ({ items: [message(1)], next_cursor: null }),
        [`POST /api/v1/conversations/${c}/read`]: () => ({ count: 0 }),
      });
      const { router, user } = renderApp(`/messages?c=${c}`);
      await screen.findByText('Message 1', {}, { timeout: 8000 });
      await user.type(screen.getByRole('textbox', { name: 'Write a message...' }), 'Half-written reply');
      await act(() => router.navigate('/messages'));
      await screen.findByRole('link', { name: /amara\.okafor/ });
      await act(() => router.navigate(`/messages?c=${c}`));
      expect(await screen.findByRole('textbox', { name: 'Write a message...' })).toHaveValue(
        'Half-written reply',
      );
    });

    it('keeps the thread a list of items while it loads (no bare skeleton inside the <ol>)', async () => {
      fakeApi({
        [`GET /api/v1/conversations/${c}`]: () => conversation,
        [`GET /api/v1/conversations/${c}/messages`]: () => new Promise(() => undefined),
      });
      renderApp(`/messages?c=${c}`);
      const thread = await screen.findByRole(
        'list',
        { name: 'Conversation with amara.okafor' },
        { timeout: 8000 },
      );
      expect(thread.children.length).toBeGreaterThan(0);
      for (const child of Array.from(thread.children)) expect(child.tagName).toBe('LI');
    });
  });
});
