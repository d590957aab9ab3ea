import type { LiveEvent } from '@sys/shared';

/** An open `GET /api/v1/events` stream read with fetch, as a browser's EventSource would. */
export interface EventStreamReader {
  status: number;
  headers: Headers;
  /** Everything received so far, comments and `retry:` included, for assertions on the wire format. */
  raw(): string;
  /** Resolves with the first event (already received or still to come) that `match` accepts. */
  waitFor<T extends LiveEvent>(match: (event: LiveEvent) => event is T, timeoutMs?: number): Promise<T>;
  waitFor(match: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  events(): LiveEvent[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens an events stream on a listening server (`baseUrl` like http://127.0.0.1:1234). */
export async function openEventStream(
  baseUrl: string,
  query: string,
  headers: Record<string, string> = {},
): Promise<EventStreamReader> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/v1/events?${query}`, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  let text = '';
  let buffer = '';
  const received: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };

  const ended = (async () => {
    if (!response.body || !response.ok) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        const part = decoder.decode(chunk, { stream: true });
        text += part;
        buffer += part;
        let boundary = buffer.indexOf('\n\n');
        while (boundary !== -1) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) received.push(JSON.parse(data) as LiveEvent);
          boundary = buffer.indexOf('\n\n');
        }
        notify();
      }
    } catch {
      // Aborted by close().
    }
    notify();
  })();

  return {
    status: response.status,
    headers: response.headers,
    raw: () => text,
    events: () => [...received],
    ended,
    waitFor(match: (event: LiveEvent) => boolean, timeoutMs = 5000): Promise<LiveEvent> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (!found) return false;
          clear();
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          clear();
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(received)}`));
        }, timeoutMs);
        const clear = () => {
          clearTimeout(timer);
          waiters.delete(waiter);
        };
        const waiter = () => {
          check();
        };
        if (!check()) waiters.add(waiter);
      });
    },
    close: () => controller.abort(),
  } as EventStreamReader;
}
