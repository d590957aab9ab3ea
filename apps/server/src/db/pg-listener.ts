import pg from 'pg';

export type NotificationHandler = (payload: string) => void;

export interface ListenOptions {
  /**
   * Called after the connection was lost and LISTEN is in place again: notifications sent in
   * between are gone, so whoever relies on them should refresh.
   */
  onReconnect?: () => void;
  /**
   * Called as soon as notifications may be being missed: the connection was lost, or it did not answer
   * a heartbeat in time, or LISTEN could not be set up. `onReconnect` follows when LISTEN is back.
   */
  onLost?: () => void;
}

interface Subscription {
  onPayload: NotificationHandler;
  onReconnect?: (() => void) | undefined;
  onLost?: (() => void) | undefined;
}

const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 10_000;
/**
 * The listening connection is asked a trivial query this often, and taken for lost when the answer
 * takes longer than HEARTBEAT_TIMEOUT_MS: a connection cut without a FIN or RST (a network partition, a
 * host gone) would otherwise look open for as long as TCP keepalive takes (hours by default), missing
 * every notification. So a subscriber hears `onLost` at most HEARTBEAT_MS + HEARTBEAT_TIMEOUT_MS after
 * the connection stopped working (its text names it in pg_stat_activity).
 */
const HEARTBEAT_MS = 2000;
const HEARTBEAT_TIMEOUT_MS = 3000;
const HEARTBEAT_SQL = '/* sys listener heartbeat */ select 1';

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

  private heartbeatTimer: NodeJS.Timeout | null = null;

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
    const subscription: Subscription = {
      onPayload,
      onReconnect: options.onReconnect,
      onLost: options.onLost,
    };
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
      subscription.onLost?.();
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
    this.stopHeartbeat();
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
      if (this.client === client) {
        this.client = null;
        this.stopHeartbeat();
      }
      this.missedNotifications = true;
      for (const subscribers of this.channels.values()) for (const s of subscribers) s.onLost?.();
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
    this.startHeartbeat(client, onLost);
    if (this.missedNotifications) {
      this.missedNotifications = false;
      for (const subscribers of this.channels.values()) for (const s of subscribers) s.onReconnect?.();
    }
  }

  /** Asks `client` HEARTBEAT_SQL every HEARTBEAT_MS; no answer within HEARTBEAT_TIMEOUT_MS: `onLost`. */
  private startHeartbeat(client: pg.Client, onLost: () => void): void {
    this.stopHeartbeat();
    let waiting = false;
    this.heartbeatTimer = setInterval(() => {
      if (waiting) return;
      waiting = true;
      // After the I/O of the same turn of the event loop (setImmediate): a loop busy for longer than the
      // timeout must not take an answer waiting in the socket for a lost connection.
      const late = setTimeout(() => setImmediate(() => waiting && onLost()), HEARTBEAT_TIMEOUT_MS);
      late.unref();
      client.query(HEARTBEAT_SQL).then(
        () => {
          clearTimeout(late);
          waiting = false;
        },
        () => {
          clearTimeout(late);
          onLost();
        },
      );
    }, HEARTBEAT_MS);
    this.heartbeatTimer.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
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
