import { createECDH, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The VAPID key pair (base64url: the 65-byte public point, the 32-byte private scalar). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export class VapidKeyError extends Error {
  override name = 'VapidKeyError';
}

function generateVapidKeys(): VapidKeys {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  return { publicKey: publicPointOf(jwk.x!, jwk.y!), privateKey: jwk.d! };
}

function publicPointOf(x: string, y: string): string {
  return Buffer.concat([Buffer.from([4]), Buffer.from(x, 'base64url'), Buffer.from(y, 'base64url')]).toString(
    'base64url',
  );
}

/** Checks that the two halves belong together (a mistyped environment fails at start, not at first push). */
function checked(keys: VapidKeys, origin: string): VapidKeys {
  const point = Buffer.from(keys.publicKey, 'base64url');
  const scalar = Buffer.from(keys.privateKey, 'base64url');
  if (point.length !== 65 || point[0] !== 4 || scalar.length !== 32) {
    throw new VapidKeyError(`${origin}: not a P-256 VAPID key pair (base64url public and private key)`);
  }
  let derived: string;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(scalar);
    derived = ecdh.getPublicKey().toString('base64url');
  } catch (error) {
    throw new VapidKeyError(`${origin}: not a P-256 key pair: ${(error as Error).message}`);
  }
  if (derived !== point.toString('base64url')) {
    throw new VapidKeyError(`${origin}: the public key does not belong to the private key`);
  }
  return keys;
}

/** Made on first start; written exclusively so that instances starting on one DATA_DIR share one pair. */
function loadOrCreateKeyFile(dataDir: string): VapidKeys {
  const dir = join(dataDir, 'keys');
  const file = join(dir, 'vapid.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const keys = generateVapidKeys();
  try {
    writeFileSync(file, JSON.stringify(keys), { flag: 'wx', mode: 0o600 });
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
    }
    throw error;
  }
}

export interface VapidKeySource {
  vapidPublicKey?: string | undefined;
  vapidPrivateKey?: string | undefined;
  dataDir: string | null;
}

/**
 * The VAPID keys, as the auth module keeps its signing key: given in the environment (both halves),
 * else DATA_DIR/keys/vapid.json (made on first start), else a pair in memory (no DATA_DIR: tests).
 */
export function loadVapidKeys(source: VapidKeySource): VapidKeys & { origin: string } {
  if (source.vapidPublicKey || source.vapidPrivateKey) {
    if (!source.vapidPublicKey || !source.vapidPrivateKey) {
      throw new VapidKeyError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be given together');
    }
    const keys = { publicKey: source.vapidPublicKey, privateKey: source.vapidPrivateKey };
    return { ...checked(keys, 'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY'), origin: 'environment' };
  }
  if (source.dataDir) {
    const origin = join(source.dataDir, 'keys', 'vapid.json');
    return { ...checked(loadOrCreateKeyFile(source.dataDir), origin), origin };
  }
  return { ...generateVapidKeys(), origin: 'ephemeral' };
}
