import { HOTP, Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { validationFailed } from './auth.errors.ts';

/**
 * TOTP (RFC 6238) as authenticator apps expect it: HMAC-SHA1, 30 s steps, 6 digits, computed by the
 * otpauth library. A code is accepted for the previous, current and next step, which absorbs clock
 * drift between phone and server. Replays are stopped per challenge: each one takes one right code and
 * is then used up (FactorService.verifyFactor); codes themselves are not remembered.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
const TOTP_WINDOW = 1;

const totpOf = (secretBase32: string) =>
  new TOTP({
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

/** 160 random bits, the length RFC 4226 recommends for HMAC-SHA1, as 32 base32 characters. */
export const generateTotpSecret = () => new Secret({ size: 20 }).base32;

/** RFC 4226 HOTP value for one counter. */
export const hotp = (secret: Uint8Array, counter: number, digits = TOTP_DIGITS): string =>
  HOTP.generate({ secret: new Secret({ buffer: Uint8Array.from(secret).buffer }), counter, digits });

export const totp = (secretBase32: string, nowMs: number): string =>
  totpOf(secretBase32).generate({ timestamp: nowMs });

export function verifyTotp(secretBase32: string, code: string, nowMs: number): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  return totpOf(secretBase32).validate({ token: code, timestamp: nowMs, window: TOTP_WINDOW }) !== null;
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
