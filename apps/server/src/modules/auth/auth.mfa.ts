import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import QRCode from 'qrcode';
import { validationFailed } from './auth.errors.ts';

/**
 * TOTP (RFC 6238) as authenticator apps expect it: HMAC-SHA1, 30 s steps, 6 digits. A code is
 * accepted for the previous, current and next step, which absorbs clock drift between phone and
 * server.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
const TOTP_WINDOW = 1;

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/=+$/, '').replace(/\s+/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new Error('invalid base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** 160 random bits, the length RFC 4226 recommends for HMAC-SHA1. */
export const generateTotpSecret = () => base32Encode(randomBytes(20));

/** RFC 4226 HOTP value for one counter. */
export function hotp(secret: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', secret).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export function totp(secretBase32: string, nowMs: number): string {
  return hotp(base32Decode(secretBase32), Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS));
}

export function verifyTotp(secretBase32: string, code: string, nowMs: number): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  const secret = base32Decode(secretBase32);
  const step = Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
  const given = Buffer.from(code);
  let ok = false;
  // Compare every step of the window so timing does not tell which step matched.
  for (let delta = -TOTP_WINDOW; delta <= TOTP_WINDOW; delta++) {
    if (timingSafeEqual(Buffer.from(hotp(secret, step + delta)), given)) ok = true;
  }
  return ok;
}

const QR_OPTIONS = { errorCorrectionLevel: 'M' } as const;

/**
 * The provisioning URI authenticator apps read from the QR code. A URI too long for one (a long
 * issuer, percent-encoded non-ASCII text) is refused here, before anything is stored.
 */
export function otpauthUri(issuer: string, accountName: string, secretBase32: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(accountName)}`;
  const params = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  const uri = `otpauth://totp/${label}?${params.toString()}`;
  try {
    QRCode.create(uri, QR_OPTIONS);
  } catch {
    throw validationFailed('The issuer and account name are too long to fit in a QR code');
  }
  return uri;
}

/**
 * The URI as an SVG QR code. auth-js turns it into `data:image/svg+xml;utf-8,<svg...>` without
 * encoding, so the markup must not contain `#` (it would end the data URL): colours are named.
 */
export async function qrCodeSvg(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { ...QR_OPTIONS, type: 'svg', margin: 2, width: 200 });
  return svg.replaceAll('#ffffff', 'white').replaceAll('#000000', 'black').trim();
}
