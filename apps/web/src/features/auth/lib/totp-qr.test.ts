import { describe, expect, it } from 'vitest';
import { totpQrImageSrc } from './totp-qr';

const uri = 'otpauth://totp/SYS:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=SYS';

describe('totpQrImageSrc', () => {
  it("encodes the server's SVG that auth-js put in a data URL unencoded", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><path fill="#000" d="M0 0h1v1H0z"/></svg>';
    const src = await totpQrImageSrc({ qr_code: `data:image/svg+xml;utf-8,${svg}`, uri });
    expect(src.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(src).not.toContain('#');
    expect(decodeURIComponent(src.slice('data:image/svg+xml;charset=utf-8,'.length))).toBe(svg);
  });

  it('keeps any other image data URL', async () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(await totpQrImageSrc({ qr_code: png, uri })).toBe(png);
  });

  it('draws the QR code from the URI when the server sent no picture', async () => {
    const src = await totpQrImageSrc({ qr_code: '', uri });
    expect(src).toMatch(/^data:image\/png;base64,/);
  });
});
