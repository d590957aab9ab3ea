import { onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addComment } from '@/features/comments/api/add-comment';
import { sendMessage } from '@/features/messages/api/send-message';
import { ApiError } from '@/shared/api/api-client';
import { enqueueOutbox, flushOutbox, type OutboxItem, openOutbox } from '@/shared/lib/outbox';
import { idbFiles } from '@/test/memory-idb';
import { outboxSender, wasDeletedSince } from './outbox-sender';

vi.mock('@/shared/lib/idb', () => import('@/test/memory-idb'));
vi.mock('@/shared/lib/offline-queries', () => ({ forgetOfflineReads: async () => undefined }));
vi.mock('@/features/messages/api/send-message', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  sendMessage: vi.fn(),
}));
vi.mock('@/features/comments/api/add-comment', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  addComment: vi.fn(),
}));

const deleted = () => new ApiError(410, 'client_id_deleted', 'What this client_id made was deleted since');
const CLIENT_ID = '6f1c2a4e-0b7d-4e5f-9a3b-2c1d0e9f8a7b';

let close: (() => void) | undefined;
beforeEach(() => {
  idbFiles.clear();
  onlineManager.setOnline(false);
  vi.mocked(sendMessage).mockReset();
  vi.mocked(addComment).mockReset();
});
afterEach(() => {
  close?.();
  close = undefined;
  onlineManager.setOnline(true);
});

describe('a comment or message deleted after a lost answer', () => {
  it('is done: the outbox drops it without telling the person of an error', async () => {
    const onFinal = vi.fn();
    close = openOutbox('maya', outboxSender(new QueryClient(), 'maya', onFinal));
    vi.mocked(sendMessage).mockRejectedValue(deleted());
    vi.mocked(addComment).mockRejectedValue(deleted());
    await enqueueOutbox({
      kind: 'message',
      payload: { conversationId: 'c1', body: 'hi', clientId: CLIENT_ID },
    });
    await enqueueOutbox({
      kind: 'comment',
      payload: { postId: 'p1', body: { body: 'nice', client_id: CLIENT_ID } },
    });
    onlineManager.setOnline(true);
    await flushOutbox();
    expect(sendMessage).toHaveBeenCalledWith('c1', 'hi', CLIENT_ID);
    expect(addComment).toHaveBeenCalledWith('p1', { body: 'nice', client_id: CLIENT_ID });
    expect(onFinal).not.toHaveBeenCalled();
    expect(idbFiles.get('outbox:maya')).toBeUndefined();
  });

  it('other refusals still reach the person, and the network still keeps the item', async () => {
    const onFinal = vi.fn();
    close = openOutbox('maya', outboxSender(new QueryClient(), 'maya', onFinal));
    // Another 410, and a 404: refused for good, and told.
    vi.mocked(sendMessage)
      .mockRejectedValueOnce(new ApiError(410, 'gone', 'Gone'))
      .mockRejectedValueOnce(new ApiError(404, 'not_found', 'Conversation not found'))
      .mockRejectedValueOnce(new ApiError(0, 'network', 'offline'));
    for (const body of ['one', 'two', 'three']) {
      await enqueueOutbox({ kind: 'message', payload: { conversationId: 'c1', body, clientId: CLIENT_ID } });
    }
    onlineManager.setOnline(true);
    await flushOutbox();
    expect(onFinal).toHaveBeenCalledTimes(2);
    expect(onFinal.mock.calls.map(([, error]) => (error as ApiError).code)).toEqual(['gone', 'not_found']);
    // The third waits for the connection.
    expect((idbFiles.get('outbox:maya') as OutboxItem[]).map((item) => item.payload)).toEqual([
      { conversationId: 'c1', body: 'three', clientId: CLIENT_ID },
    ]);
  });

  it('is told apart by status and code together', () => {
    expect(wasDeletedSince(deleted())).toBe(true);
    expect(wasDeletedSince(new ApiError(410, 'gone', 'Gone'))).toBe(false);
    expect(wasDeletedSince(new ApiError(409, 'client_id_deleted', 'x'))).toBe(false);
    expect(wasDeletedSince(new Error('client_id_deleted'))).toBe(false);
  });
});
