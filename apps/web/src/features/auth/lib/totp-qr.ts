const SVG_UTF8_PREFIX = 'data:image/svg+xml;utf-8,';

/**
 * An <img> source for the QR code of a new TOTP factor. auth-js hands over the server's SVG as
 * `data:image/svg+xml;utf-8,<svg...>` without encoding it, which breaks on a `#` in the markup: the
 * markup is encoded here. Any other image data URL is used as it is; without one, the QR code is
 * drawn from the otpauth:// URI in the browser.
 */
export async function totpQrImageSrc(totp: { qr_code?: string; uri: string }): Promise<string> {
  const qr = totp.qr_code ?? '';
  if (qr.startsWith(SVG_UTF8_PREFIX)) {
    const markup = qr.slice(SVG_UTF8_PREFIX.length);
    if (markup.trimStart().startsWith('<')) {
      return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
    }
  } else if (qr.startsWith('data:image/')) {
    return qr;
  }
  // Loaded on demand: only needed when the server sends no picture.
  const { toDataURL } = await import('qrcode');
  return toDataURL(totp.uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
}
