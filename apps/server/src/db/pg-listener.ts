import pg from 'pg';

export type NotificationHandler = (payload: string) => void;

export interface ListenOptions {
  /**
   * Called after the connection was lost and LISTEN is in place again: notifications sent in
   * between are gone, so whoever relies on them should refresh.
   */
  onReconnect?: () => void;
}

interface Subscription {
  onPayload: NotificationHandler;
  onReconnect?: (() => void) | undefined;
}

const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/**
 * LISTEN on PostgreSQL. A pool's connections come and go, and a LISTEN belongs to one session, so
 * notifications get a dedicated connection. If it drops (a database restart, a network blip), it is
 * reopened with exponential backoff and every channel is listened to again.
 */
export class PgListener {
  private readonly channels = new Map<string, Set<Subscription>>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryDelay = RECONNECT_FIRST_MS;
  /** Set while notifications may have been lost: subscribers hear about it when LISTEN is back. */
  private missedNotifications = false;
  private closed = false;

  constructor(
    private readonly connectionString: string,
    private readonly connectTimeoutMs = 5000,
    private readonly applicationName?: string,
  ) {}

  async listen(
    channel: string,
    onPayload: NotificationHandler,
    options: ListenOptions = {},
  ): Promise<() => Promise<void>> {
    if (this.closed) throw new Error('the database is closed');
    const subscription: Subscription = { onPayload, onReconnect: options.onReconnect };
    let subscribers = this.channels.get(channel);
    const isNewChannel = !subscribers;
    if (!subscribers) {
      subscribers = new Set();
      this.channels.set(channel, subscribers);
    }
    subscribers.add(subscription);
    try {
      await this.ensureConnected();
      if (isNewChannel && this.client) await this.client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      // Not fatal: the subscription stays and is served once a reconnect succeeds (with onReconnect).
      this.missedNotifications = true;
      this.scheduleReconnect();
    }
    return async () => {
      const current = this.channels.get(channel);
      if (!current?.delete(subscription) || current.size > 0) return;
      this.channels.delete(channel);
      await this.client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.channels.clear();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private ensureConnected(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      connectionTimeoutMillis: this.connectTimeoutMs,
      keepAlive: true,
      ...(this.applicationName ? { application_name: this.applicationName } : {}),
    });
    client.on('notification', (message) => {
      for (const subscription of this.channels.get(message.channel) ?? []) {
        subscription.onPayload(message.payload ?? '');
      }
    });
    // 'error' and 'end' both fire when an open connection is lost: one loss, one reconnect.
    let open = false;
    const onLost = () => {
      if (!open) return;
      open = false;
      if (this.client === client) this.client = null;
      this.missedNotifications = true;
      client.end().catch(() => {});
      this.scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    try {
      await client.connect();
      for (const channel of this.channels.keys())
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    open = true;
    this.client = client;
    this.retryDelay = RECONNECT_FIRST_MS;
    if (this.missedNotifications) {
      this.missedNotifications = false;
      for (const subscribers of this.channels.values()) for (const s of subscribers) s.onReconnect?.();
    }
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer || this.channels.size === 0) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, RECONNECT_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.ensureConnected().catch(() => {
        this.missedNotifications = true;
        this.scheduleReconnect();
      });
    }, delay);
    this.retryTimer.unref();
  }
}
