import type { Database } from '../../db/client.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

/**
 * The data API's check, on every request with an access token, that the token's user still exists, is
 * not soft-deleted or banned, and that its session was not signed out or ended. The token's signature
 * says who it was issued to; this says whether they may still use it.
 *
 * A hot request costs no query: each (user, session) answer is kept in memory for `ttlMs` (5 minutes by
 * default), at most `maxEntries` of them. Every change the check reads goes through AuthRepository, which
 * sends NOTIFY on AUTH_ACCESS_CHANNEL with the user's id when the change commits; every instance (this one
 * included) forgets that user's answers when it hears it, and this instance also at once after the
 * commit. An answer read across a change is not kept (TtlCache's generation count). Answers are used only
 * while this instance is known to hear the notifications: until `start` has LISTEN in place, and from the
 * moment the LISTEN connection is lost or misses its heartbeat (PgListener: within 5 s of a silent cut)
 * until it is back, every check asks the database, and everything kept before is forgotten. The TTL
 * only bounds what no notification announces (a row changed by hand in SQL; `select pg_notify(
 * 'sys_auth_access_changed', '<user id>')` announces it).
 */

/** The channel every instance listens on; the payload is a user id, or EVERY_USER. */
export const AUTH_ACCESS_CHANNEL = 'sys_auth_access_changed';
/** The payload that makes every instance forget every user's answers (the demo reset empties the tables). */
export const EVERY_USER = '*';

/** What the check reads of a token's user and session (AuthRepository.findAccess). */
export interface AccessRow {
  role: string;
  deleted_at: Date | null;
  banned_until: Date | null;
  /** False when the token's session was signed out or ended (or belongs to someone else). */
  session_alive: boolean;
  session_not_after: Date | null;
}

/** Where the check reads it: AuthRepository, named by its shape so that it imports this file one way only. */
export interface AccessSource {
  findAccess(userId: string, sessionId: string): Promise<AccessRow | undefined>;
}

/** The token may be used (with the user's current role), or why not. */
export type AccessStatus = { ok: true; role: string } | { ok: false; message: string };

export interface AccessChecksOptions {
  /** How long an answer is used; 0 asks the database on every request. */
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

export class AccessChecks {
  private readonly answers: TtlCache;
  private readonly watchers = new Map<string, Set<() => void>>();
  private stopListening: (() => Promise<void>) | null = null;
  /** True while LISTEN is in place: only then are answers kept and used. */
  private listening = false;
  private readonly now: () => number;

  constructor(
    private readonly repo: AccessSource,
    options: AccessChecksOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.answers = new TtlCache({ ttlMs: options.ttlMs, maxEntries: options.maxEntries, now: this.now });
  }

  /** Listens for changes made on any instance (or by `npm run admin`). */
  async start(database: Pick<Database, 'listen'>): Promise<void> {
    let lost = false;
    this.stopListening = await database.listen(AUTH_ACCESS_CHANNEL, (payload) => this.changed(payload), {
      onReconnect: () => {
        lost = false;
        this.changed(EVERY_USER);
        this.listening = true;
      },
      onLost: () => {
        lost = true;
        this.listening = false;
        this.changed(EVERY_USER);
      },
    });
    // LISTEN is in place unless it failed (PgListener reports onLost, and onReconnect once it is back).
    if (!lost) {
      this.changed(EVERY_USER);
      this.listening = true;
    }
  }

  async stop(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = null;
    this.listening = false;
    this.answers.clear();
    try {
      await stop?.();
    } catch {
      // The database may be closed already.
    }
  }

  /** Whether a verified token of `userId`'s session `sessionId` may be used now. */
  async check(userId: string, sessionId: string): Promise<AccessStatus> {
    const row = this.listening
      ? await this.answers.get<AccessRow | undefined>(`${userId}/${sessionId}`, () =>
          this.repo.findAccess(userId, sessionId),
        )
      : await this.repo.findAccess(userId, sessionId);
    const now = this.now();
    if (!row || row.deleted_at) return { ok: false, message: 'The account no longer exists' };
    if (row.banned_until && row.banned_until.getTime() > now) return { ok: false, message: 'User is banned' };
    if (!row.session_alive || (row.session_not_after && row.session_not_after.getTime() <= now)) {
      return { ok: false, message: 'The session has ended; sign in again' };
    }
    return { ok: true, role: row.role };
  }

  /**
   * Calls `onChange` whenever `userId`'s access may have changed (for a stream that must end when its
   * token no longer may be used); returns the function that stops it.
   */
  watch(userId: string, onChange: () => void): () => void {
    let set = this.watchers.get(userId);
    if (!set) {
      set = new Set();
      this.watchers.set(userId, set);
    }
    set.add(onChange);
    return () => {
      set.delete(onChange);
      if (set.size === 0 && this.watchers.get(userId) === set) this.watchers.delete(userId);
    };
  }

  /** `userId`'s access may have changed (EVERY_USER: anyone's): forget the answers and tell the watchers. */
  changed(userId: string): void {
    if (userId === EVERY_USER) {
      this.answers.clear();
      for (const set of [...this.watchers.values()]) for (const watcher of [...set]) watcher();
      return;
    }
    const prefix = `${userId}/`;
    this.answers.forget((key) => key.startsWith(prefix));
    for (const watcher of [...(this.watchers.get(userId) ?? [])]) watcher();
  }
}
