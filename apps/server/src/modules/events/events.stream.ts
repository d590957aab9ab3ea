import type { ServerResponse } from 'node:http';
import type { LiveEvent } from '@sys/shared';

/** A stream whose client reads slower than this many bytes behind is dropped; its EventSource reconnects. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * One open text/event-stream response. Writes never throw: a stream whose connection is gone (or
 * hopelessly behind) just ends, and `onEnd` runs once either way.
 */
export class SseStream {
  private ended = false;
  private readonly endHandlers: (() => void)[] = [];

  constructor(private readonly response: ServerResponse) {
    response.once('close', () => this.finish());
  }

  get isOpen(): boolean {
    return !this.ended;
  }

  onEnd(handler: () => void): void {
    if (this.ended) handler();
    else this.endHandlers.push(handler);
  }

  /** `retry:` tells the browser how long to wait before reconnecting after the stream drops. */
  retry(ms: number): void {
    this.write(`retry: ${ms}\n\n`);
  }

  /** A comment line: ignored by EventSource, but it keeps proxies and load balancers from timing out. */
  comment(text: string): void {
    this.write(`: ${text.replace(/[\r\n]+/g, ' ')}\n\n`);
  }

  send(event: LiveEvent): void {
    // JSON.stringify never emits raw newlines, so the data fits on one `data:` line.
    this.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  }

  end(): void {
    if (this.ended) return;
    this.response.end();
    this.finish();
  }

  private write(chunk: string): void {
    if (this.ended) return;
    if (this.response.writableLength > MAX_BUFFERED_BYTES) {
      this.response.destroy();
      this.finish();
      return;
    }
    this.response.write(chunk);
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    for (const handler of this.endHandlers.splice(0)) handler();
  }
}
