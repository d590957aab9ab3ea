import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * The statements a server sends to PostgreSQL, read off the wire: a TCP proxy between the server and
 * PostgreSQL that passes every byte through unchanged and decodes the frontend messages of the extended
 * and simple query protocols (Parse, Bind, Query; PostgreSQL's protocol 3.0). Used by bench/scale.ts to
 * take, for each route, exactly the statements one request runs (their text, their parameters as sent,
 * and whether they were prepared under a name) for the route's "limit" (bench/lib/bare-server.mjs).
 *
 * Only the sessions that introduce themselves as `applicationName` are recorded, and of those not the
 * ones that ever sent LISTEN (the server's listener and its heartbeat): what is left are the pool's
 * connections, which serve requests. No TLS (the bench talks to PostgreSQL on loopback without it).
 */

export interface CapturedStatement {
  /** Which proxied connection sent it (1, 2, ...). */
  connection: number;
  /** The name it was prepared under, or null for an unnamed statement or a simple query. */
  name: string | null;
  text: string;
  /** The parameters as sent, in text format (null for SQL NULL); empty for a simple query. */
  values: (string | null)[];
  /** Sent by the simple query protocol (no parameters, never prepared). */
  simple: boolean;
  /** When the proxy saw it and when PostgreSQL said it was ready for the next one (performance.now()). */
  sentAt: number;
  doneAt: number | null;
}

export interface CaptureProxy {
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  url: string;
  /** Starts recording (forgets what was recorded before). */
  start(): void;
  /** Stops recording and gives what the request connections sent meanwhile, in the order sent. */
  stop(): CapturedStatement[];
  close(): Promise<void>;
}

interface ConnectionState {
  id: number;
  applicationName: string | null;
  listens: boolean;
  /** Prepared statements of this session by name. */
  named: Map<string, string>;
  unnamed: string;
  pending: CapturedStatement[];
}

const SSL_REQUEST = 80877103;

/** Splits a byte stream into messages: `typed` after the first (untyped) startup message on the frontend. */
class MessageReader {
  private buffer: Buffer = Buffer.alloc(0);
  constructor(private startup: boolean) {}

  push(chunk: Buffer, onMessage: (type: string | null, body: Buffer) => void): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      if (this.startup) {
        if (this.buffer.length < 8) return;
        const length = this.buffer.readInt32BE(0);
        if (this.buffer.length < length) return;
        const body = this.buffer.subarray(4, length);
        this.buffer = this.buffer.subarray(length);
        // An SSL or GSS request is answered with one byte and followed by the real startup message.
        if (body.readInt32BE(0) !== SSL_REQUEST) this.startup = false;
        onMessage(null, body);
        continue;
      }
      if (this.buffer.length < 5) return;
      const length = this.buffer.readInt32BE(1);
      if (this.buffer.length < 1 + length) return;
      const type = String.fromCharCode(this.buffer[0]!);
      const body = this.buffer.subarray(5, 1 + length);
      this.buffer = this.buffer.subarray(1 + length);
      onMessage(type, body);
    }
  }
}

function cstring(body: Buffer, offset: number): [string, number] {
  const end = body.indexOf(0, offset);
  return [body.toString('utf8', offset, end), end + 1];
}

export async function startCaptureProxy(databaseUrl: string, applicationName: string): Promise<CaptureProxy> {
  const target = new URL(databaseUrl);
  const targetHost = target.hostname;
  const targetPort = Number(target.port || 5432);
  let recording = false;
  let recorded: CapturedStatement[] = [];
  let connections = 0;
  const sockets = new Set<Socket>();

  const server: Server = createServer((client) => {
    const state: ConnectionState = {
      id: ++connections,
      applicationName: null,
      listens: false,
      named: new Map(),
      unnamed: '',
      pending: [],
    };
    const upstream = connect(targetPort, targetHost);
    sockets.add(client);
    sockets.add(upstream);
    const frontend = new MessageReader(true);
    const backend = new MessageReader(false);
    const record = (statement: Omit<CapturedStatement, 'connection' | 'sentAt' | 'doneAt'>) => {
      if (/^\s*(listen|unlisten)\b/i.test(statement.text)) state.listens = true;
      if (!recording || state.listens || state.applicationName !== applicationName) return;
      const captured = { ...statement, connection: state.id, sentAt: performance.now(), doneAt: null };
      state.pending.push(captured);
      recorded.push(captured);
    };
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      frontend.push(chunk, (type, body) => {
        if (type === null) {
          // Startup: protocol version, then name/value pairs.
          let offset = 4;
          while (offset < body.length && body[offset] !== 0) {
            const [key, next] = cstring(body, offset);
            const [value, after] = cstring(body, next);
            if (key === 'application_name') state.applicationName = value;
            offset = after;
          }
        } else if (type === 'P') {
          const [name, next] = cstring(body, 0);
          const [text] = cstring(body, next);
          if (name === '') state.unnamed = text;
          else state.named.set(name, text);
        } else if (type === 'B') {
          const [, next] = cstring(body, 0);
          const [name, afterName] = cstring(body, next);
          let offset = afterName;
          const formats = body.readInt16BE(offset);
          offset += 2 + 2 * formats;
          const count = body.readInt16BE(offset);
          offset += 2;
          const values: (string | null)[] = [];
          for (let i = 0; i < count; i++) {
            const length = body.readInt32BE(offset);
            offset += 4;
            if (length < 0) {
              values.push(null);
            } else {
              values.push(body.toString('utf8', offset, offset + length));
              offset += length;
            }
          }
          const text = name === '' ? state.unnamed : (state.named.get(name) ?? '');
          record({ name: name === '' ? null : name, text, values, simple: false });
        } else if (type === 'Q') {
          const [text] = cstring(body, 0);
          record({ name: null, text, values: [], simple: true });
        }
      });
    });
    upstream.on('data', (chunk: Buffer) => {
      client.write(chunk);
      backend.push(chunk, (type) => {
        // ReadyForQuery: everything this session sent before is done.
        if (type === 'Z') {
          const now = performance.now();
          for (const statement of state.pending) statement.doneAt = now;
          state.pending = [];
        }
      });
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('capture proxy: no port');
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);
  return {
    url: url.toString(),
    start() {
      recorded = [];
      recording = true;
    },
    stop() {
      recording = false;
      return recorded;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
