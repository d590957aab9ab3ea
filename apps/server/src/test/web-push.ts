import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A browser's side of Web Push for server tests: a device's P-256 key pair and auth secret (as
 * `pushManager.subscribe` makes them), the RFC 8291 decryption of an aes128gcm push, and a stand-in push
 * service on 127.0.0.1 that keeps what it receives and answers what the test says.
 */

export interface TestDevice {
  /** The body for POST /api/v1/push/subscriptions, less the language. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Decrypts one received push body (RFC 8291 / RFC 8188 aes128gcm), answering its text. */
  decrypt(body: Buffer): string;
}

export function createDevice(endpoint: string): TestDevice {
  const ecdh = createECDH('prime256v1');
  const uaPublic = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    subscription: {
      endpoint,
      keys: { p256dh: uaPublic.toString('base64url'), auth: authSecret.toString('base64url') },
    },
    decrypt(body) {
      // RFC 8188 header: salt (16) | record size (4) | key id length (1) | key id (the server's public key).
      const salt = body.subarray(0, 16);
      const recordSize = body.readUInt32BE(16);
      const idLength = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idLength);
      const records = body.subarray(21 + idLength);
      if (records.length > recordSize) throw new Error('more than one record');
      // RFC 8291 section 3.4: the input keying material from the shared secret and the auth secret.
      const ecdhSecret = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
      const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
      const cek = Buffer.from(
        hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
      );
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(records.subarray(records.length - 16));
      const padded = Buffer.concat([
        decipher.update(records.subarray(0, records.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02, then zero padding.
      let end = padded.length;
      while (end > 0 && padded[end - 1] === 0) end -= 1;
      if (padded[end - 1] !== 2) throw new Error('no last-record delimiter');
      return padded.subarray(0, end - 1).toString('utf8');
    },
  };
}

/** Checks a push's `Authorization: vapid t=<JWT>, k=<key>` against the server's public key and audience. */
export function checkVapid(headers: IncomingHttpHeaders, publicKey: string, audience: string): void {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(headers.authorization ?? ''));
  if (!match) throw new Error(`no VAPID authorization: ${headers.authorization}`);
  const [, token = '', key] = match;
  if (key !== publicKey) throw new Error('VAPID key is not the server public key');
  const [header = '', claims = '', signature = ''] = token.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33).toString('base64url'),
  };
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number };
  if (parsed.aud !== audience) throw new Error(`VAPID audience ${parsed.aud}, expected ${audience}`);
  if (parsed.exp * 1000 < Date.now()) throw new Error('VAPID token expired');
}

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface StandInPushService {
  origin: string;
  received: ReceivedPush[];
  /** The status each path answers (default 201 Created, as push services do). */
  answer: Map<string, number>;
  endpoint(name: string): string;
  close(): Promise<void>;
}

export async function startPushService(): Promise<StandInPushService> {
  const received: ReceivedPush[] = [];
  const answer = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = answer.get(path) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    answer,
    endpoint: (name) => `${origin}/push/${name}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
