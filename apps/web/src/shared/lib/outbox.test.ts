import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/api-client';
import { idbFiles } from '@/test/memory-idb';
import {
  discardOutboxItem,
  enqueueOutbox,
  flushOutbox,
  type OutboxItem,
  type OutboxSender,
  openOutbox,
  outboxPerson,
  sendOrQueue,
} from './outbox';
import { forgetPersonalData } from './personal-data';

vi.mock('@/shared/lib/idb', () => import('@/test/memory-idb'));
// Sign-out also forgets the reads kept offline; jsdom has no IndexedDB for them.
vi.mock('./offline-queries', () => ({ forgetOfflineReads: async () => undefined }));

const stored = (personId: string) => idbFiles.get(`outbox:${personId}`) as OutboxItem[] | undefined;
const payloads = (personId: string) => (stored(personId) ?? []).map((item) => item.payload);

/** A sender that records what it sent; `answers` decides each send's outcome in turn (default: sent). */
function recorder(answers: Array<() => unknown> = []) {
  const sent: unknown[] = [];
  const final: Array<[unknown, unknown]> = [];
  return {
    sent,
    final,
    sender: {
      send: async (item: OutboxItem) => {
        const answer = answers.shift();
        if (answer) answer();
        sent.push(item.payload);
      },
      onFinal: (item: OutboxItem, error: unknown) => final.push([item.payload, error]),
    },
  };
}

let close: (() => void) | undefined;
const open = (personId: string, sender: OutboxSender) => {
  close?.();
  close = openOutbox(personId, sender);
};

beforeEach(() => {
  idbFiles.clear();
  onlineManager.setOnline(false);
});
afterEach(() => {
  close?.();
  close = undefined;
  onlineManager.setOnline(true);
});

describe('outbox', () => {
  it('keeps what is written offline in IndexedDB and sends it in order when the connection returns', async () => {
    const first = recorder();
    open('maya', first.sender);
    await enqueueOutbox({ kind: 'comment', payload: 'one' });
    await enqueueOutbox({ kind: 'message', payload: 'two' });
    await enqueueOutbox({ kind: 'comment', payload: 'three' });
    await flushOutbox();
    expect(first.sent).toEqual([]);
    expect(payloads('maya')).toEqual(['one', 'two', 'three']);

    // A reload: a new page opens the same person's outbox and finds it all.
    const second = recorder();
    open('maya', second.sender);
    onlineManager.setOnline(true);
    await flushOutbox();
    expect(second.sent).toEqual(['one', 'two', 'three']);
    expect(stored('maya')).toBeUndefined();
  });

  it('sends each item once, however often it is asked to send', async () => {
    const { sender, sent } = recorder();
    const afterRun = vi.fn();
    open('maya', { ...sender, afterRun });
    await enqueueOutbox({ kind: 'comment', payload: 'hello' });
    onlineManager.setOnline(true);
    await Promise.all([flushOutbox(), flushOutbox(), flushOutbox()]);
    await flushOutbox();
    expect(sent).toEqual(['hello']);
    // Told once, after the run that sent something (not after the empty ones).
    expect(afterRun).toHaveBeenCalledTimes(1);
  });

  it('keeps one wish per key, the newest: like twice sends one like, like then unlike one unlike', async () => {
    const { sender, sent } = recorder();
    open('maya', sender);
    await enqueueOutbox({ kind: 'post-like', key: 'like:p1', payload: { postId: 'p1', liked: true } });
    await enqueueOutbox({ kind: 'comment', payload: 'between' });
    await enqueueOutbox({ kind: 'post-like', key: 'like:p1', payload: { postId: 'p1', liked: true } });
    await enqueueOutbox({ kind: 'post-like', key: 'like:p2', payload: { postId: 'p2', liked: true } });
    await enqueueOutbox({ kind: 'post-like', key: 'like:p2', payload: { postId: 'p2', liked: false } });
    expect(payloads('maya')).toEqual([
      { postId: 'p1', liked: true },
      'between',
      { postId: 'p2', liked: false },
    ]);
    onlineManager.setOnline(true);
    await flushOutbox();
    expect(sent).toEqual([{ postId: 'p1', liked: true }, 'between', { postId: 'p2', liked: false }]);
  });

  it('sends a newer wish after the one already on its way, not instead of it', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let onTheWay: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (onTheWay = resolve));
    const sent: unknown[] = [];
    open('maya', {
      send: async (item) => {
        if (sent.length === 0) {
          onTheWay();
          await gate;
        }
        sent.push(item.payload);
      },
    });
    await enqueueOutbox({ kind: 'post-like', key: 'like:p1', payload: true });
    onlineManager.setOnline(true);
    const running = flushOutbox();
    await started;
    await enqueueOutbox({ kind: 'post-like', key: 'like:p1', payload: false });
    release();
    await running;
    await flushOutbox();
    expect(sent).toEqual([true, false]);
    expect(stored('maya')).toBeUndefined();
  });

  it("never reads or sends another person's items, and each finds their own again", async () => {
    const maya = recorder();
    open('maya', maya.sender);
    await enqueueOutbox({ kind: 'comment', payload: "maya's" });

    const noa = recorder();
    open('noa', noa.sender);
    await enqueueOutbox({ kind: 'comment', payload: "noa's" });
    onlineManager.setOnline(true);
    await flushOutbox();
    expect(noa.sent).toEqual(["noa's"]);
    expect(payloads('maya')).toEqual(["maya's"]);

    const mayaAgain = recorder();
    open('maya', mayaAgain.sender);
    await flushOutbox();
    expect(mayaAgain.sent).toEqual(["maya's"]);
  });

  it('stops sending as soon as the person changes, even mid-run', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let onTheWay: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (onTheWay = resolve));
    const sent: unknown[] = [];
    open('maya', {
      send: async (item) => {
        onTheWay();
        await gate;
        sent.push(item.payload);
      },
    });
    await enqueueOutbox({ kind: 'comment', payload: 'one' });
    await enqueueOutbox({ kind: 'comment', payload: 'two' });
    onlineManager.setOnline(true);
    const running = flushOutbox();
    await started;
    const noa = recorder();
    open('noa', noa.sender);
    release();
    await running;
    await flushOutbox();
    expect(noa.sent).toEqual([]);
    // The one already on its way went; the next waits for Maya's next visit.
    expect(sent).toEqual(['one']);
    expect(payloads('maya')).toEqual(['two']);
  });

  it('sign-out forgets every outbox and nothing more is sent or written', async () => {
    const { sender, sent } = recorder();
    open('maya', sender);
    await enqueueOutbox({ kind: 'comment', payload: 'private' });
    idbFiles.set('outbox:noa', [{ id: 'x', kind: 'comment', key: 'x', payload: 'other', createdAt: 0 }]);
    await forgetPersonalData();
    expect([...idbFiles.keys()].filter((key) => key.startsWith('outbox:'))).toEqual([]);
    expect(outboxPerson()).toBeNull();
    await expect(enqueueOutbox({ kind: 'comment', payload: 'late' })).rejects.toThrow();
    onlineManager.setOnline(true);
    await flushOutbox();
    expect(sent).toEqual([]);
  });

  it('drops an item the server refuses for good and tells; keeps the line when the failure is passing', async () => {
    const gone = new ApiError(404, 'not_found', 'Post not found');
    const forbidden = new ApiError(403, 'forbidden', 'Forbidden');
    const { sender, sent, final } = recorder([
      () => {
        throw gone;
      },
      () => {
        throw forbidden;
      },
      () => {
        throw new ApiError(503, 'unavailable', 'Try later');
      },
    ]);
    open('maya', sender);
    for (const payload of ['deleted post', 'blocked', 'second', 'third']) {
      await enqueueOutbox({ kind: 'comment', payload });
    }
    onlineManager.setOnline(true);
    await flushOutbox();
    expect(final).toEqual([
      ['deleted post', gone],
      ['blocked', forbidden],
    ]);
    // The 503 stopped the run: nothing overtook 'second'.
    expect(sent).toEqual([]);
    expect(payloads('maya')).toEqual(['second', 'third']);

    for (const error of [
      new ApiError(0, 'network', 'Failed'),
      new TypeError('fetch'),
      new ApiError(429, 'x', 'y'),
    ]) {
      const retry = recorder([
        () => {
          throw error;
        },
      ]);
      open('maya', retry.sender);
      await flushOutbox();
      expect(retry.final).toEqual([]);
      expect(payloads('maya')).toEqual(['second', 'third']);
    }

    const later = recorder();
    open('maya', later.sender);
    await flushOutbox();
    expect(later.sent).toEqual(['second', 'third']);
  });

  it('sends again, unchanged, what a lost connection or closed page may have sent already', async () => {
    let failNext = true;
    const sent: unknown[] = [];
    open('maya', {
      send: async (item) => {
        if (failNext) {
          failNext = false;
          throw new ApiError(0, 'network', 'Connection lost');
        }
        sent.push(item.payload);
      },
    });
    // The payload carries the client id the server makes once; the outbox must not change it.
    const payload = { body: 'lost answer', client_id: '6f1f4c0e-8f5a-4c2b-9d3e-1a2b3c4d5e6f' };
    await enqueueOutbox({ kind: 'comment', payload });
    onlineManager.setOnline(true);
    await flushOutbox();
    expect(sent).toEqual([]);
    expect(payloads('maya')).toEqual([payload]);
    await flushOutbox();
    expect(sent).toEqual([payload]);
    expect(stored('maya')).toBeUndefined();
  });

  it('lets a waiting item be discarded', async () => {
    const { sender, sent } = recorder();
    open('maya', sender);
    const keep = await enqueueOutbox({ kind: 'comment', payload: 'keep' });
    const drop = await enqueueOutbox({ kind: 'comment', payload: 'drop' });
    expect(await discardOutboxItem(drop.id)).toBe(true);
    expect(payloads('maya')).toEqual(['keep']);
    onlineManager.setOnline(true);
    await flushOutbox();
    expect(sent).toEqual(['keep']);
    expect(keep.id).not.toBe(drop.id);
  });

  describe('sendOrQueue', () => {
    it('sends at once online, queues offline or after a network failure, and queues behind what waits', async () => {
      const { sender, sent } = recorder();
      open('maya', sender);
      onlineManager.setOnline(true);
      await expect(sendOrQueue(async () => 'answer', { kind: 'comment', payload: 'direct' })).resolves.toBe(
        'answer',
      );

      onlineManager.setOnline(false);
      await expect(
        sendOrQueue(async () => 'answer', { kind: 'comment', payload: 'offline' }),
      ).resolves.toBeNull();

      onlineManager.setOnline(true);
      // Something waits: the new write goes behind it instead of overtaking.
      const direct = vi.fn(async () => 'answer');
      await expect(sendOrQueue(direct, { kind: 'comment', payload: 'after' })).resolves.toBeNull();
      expect(direct).not.toHaveBeenCalled();
      await flushOutbox();
      expect(sent).toEqual(['offline', 'after']);

      const refused = new ApiError(404, 'not_found', 'Post not found');
      const refusing = async () => {
        throw refused;
      };
      await expect(sendOrQueue(refusing, { kind: 'comment', payload: 'x' })).rejects.toBe(refused);
      expect(stored('maya')).toBeUndefined();

      const failing = async () => {
        throw new ApiError(0, 'network', 'Failed to fetch');
      };
      await expect(sendOrQueue(failing, { kind: 'comment', payload: 'lost line' })).resolves.toBeNull();
      expect(payloads('maya')).toEqual(['lost line']);
    });

    it('just sends when no one is signed in', async () => {
      onlineManager.setOnline(false);
      await expect(sendOrQueue(async () => 'answer', { kind: 'comment', payload: 'x' })).resolves.toBe(
        'answer',
      );
      expect(idbFiles.size).toBe(0);
    });
  });
});
