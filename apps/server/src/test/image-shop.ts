import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** A shop on 127.0.0.1 serving product images (and things that are not), for the image mirroring tests. */
export interface ImageShop {
  origin: string;
  /** Requests received, by path. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

/** The EXIF the shop's photo carries: it must never reach a stored copy. */
export const SHOP_PHOTO_EXIF_ARTIST = 'Shop Photographer 4711';

/** A JPEG with EXIF (artist, copyright), like a camera or a careless shop writes. */
export async function jpegWithExif(color = { r: 40, g: 120, b: 200 }): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 100, channels: 3, background: color } })
    .jpeg()
    .withExif({ IFD0: { Artist: SHOP_PHOTO_EXIF_ARTIST, Copyright: 'Shop Ltd' } })
    .toBuffer();
}

export async function startImageShop(): Promise<ImageShop> {
  const photo = await jpegWithExif();
  const other = await sharp({ create: { width: 60, height: 60, channels: 3, background: '#3c6' } })
    .png()
    .toBuffer();
  const hits = new Map<string, number>();
  const server = createServer((request, response) => {
    const path = request.url ?? '';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    switch (path) {
      case '/photo.jpg':
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        return response.end(photo);
      case '/other.png':
        // A CDN that does not say what it serves: the bytes decide.
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        return response.end(other);
      case '/not-image':
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end('<html><body>Sold out</body></html>');
      case '/fake.jpg':
        // Says it is a JPEG; it is not.
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        return response.end('GIF89a? no: <svg onload=alert(1)>');
      case '/redirect-to-photo':
        response.writeHead(302, { location: '/photo.jpg' });
        return response.end();
      default:
        response.writeHead(404, { 'content-type': 'text/plain' });
        return response.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
