import type { LiveEvent } from '@sys/shared';
import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * The browser's EventSource, which jsdom lacks: records the streams the app opens (`instances`) and lets
 * a test deliver a server event to them, as GET /api/v1/events would.
 */
export class FakeEventSource {
  static CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = 1;
  closed = false;
  listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) {
      listener({ data: JSON.stringify(data) } as MessageEvent<string>);
    }
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }

  /** Installs the fake as the global EventSource (for the test file) and forgets earlier streams. */
  static install() {
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.instances = [];
  }

  /** The open streams whose address matches. */
  static open(match: (url: URL) => boolean = () => true): FakeEventSource[] {
    return FakeEventSource.instances.filter(
      (source) => !source.closed && match(new URL(source.url, window.location.origin)),
    );
  }

  /** Delivers `event` (its `type` names the SSE event) to every open stream that matches. */
  static emitToOpen(event: LiveEvent, match?: (url: URL) => boolean) {
    act(() => {
      for (const source of FakeEventSource.open(match)) source.emit(event.type, event);
    });
  }
}
