import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { SavedPost, ScrapeProductResponse } from '@sys/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { jpegWithExif, SHOP_PHOTO_EXIF_ARTIST } from '../../test/image-shop.ts';
import { postBody, uploadImage } from '../../test/media.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';
import { type AddressPolicy, isPublicAddress, publicAddressesOnly } from './scrape.addresses.ts';
import { extractProduct, parseScrapedPrice } from './scrape.extract.ts';
import { fetchHtmlPage, type SafeFetchOptions, SCRAPE_FETCH_DEFAULTS } from './scrape.fetch.ts';

// ---------------------------------------------------------------------------------------------------------
// A local shop: product pages of each kind, and pages that misbehave.
// ---------------------------------------------------------------------------------------------------------

const OG_PAGE = `<!doctype html><html><head>
  <title>Shop | Linen Dress</title>
  <meta property="og:title" content="Linen Dress">
  <meta property="og:image" content="/images/dress-front.jpg">
  <meta property="og:image" content="https://cdn.example.com/dress-back.jpg">
  <meta property="product:price:amount" content="129.90">
  <meta property="product:price:currency" content="ILS">
  <meta property="product:brand" content="Zara">
</head><body><h1>Linen Dress</h1></body></html>`;

const JSON_LD_PAGE = `<!doctype html><html><head><title>Runner</title>
<script type="application/ld+json">{ "@context": "https://schema.org", "@graph": [
  { "@type": "BreadcrumbList", "name": "Shoes" },
  { "@type": ["Product"], "name": "Air Runner 2",
    "brand": { "@type": "Brand", "name": "Nike" },
    "image": ["https://cdn.example.com/runner-1.jpg", { "@type": "ImageObject", "url": "/runner-2.jpg" }],
    "offers": { "@type": "AggregateOffer", "lowPrice": "49.99", "highPrice": "79.99", "priceCurrency": "USD" } }
]}</script>
<script type="application/ld+json">{ broken json</script>
</head><body><img src="/logo.png"></body></html>`;

const MICRODATA_PAGE = `<!doctype html><html><head><title>Bag</title></head><body>
<div itemscope itemtype="https://schema.org/Product">
  <h1 itemprop="name">Leather Tote</h1>
  <div itemprop="brand" itemscope itemtype="https://schema.org/Brand"><span itemprop="name">Mango</span></div>
  <img itemprop="image" src="/img/tote.jpg" alt="">
  <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
    <span itemprop="price" content="89.00">89,00 €</span>
    <meta itemprop="priceCurrency" content="EUR">
  </div>
  <div itemprop="review" itemscope itemtype="https://schema.org/Review"><span itemprop="name">Great bag</span></div>
</div></body></html>`;

/** A product page with five images: the first four are candidates, one of them not an image. */
const PRODUCT_PAGE = `<!doctype html><html><head><title>Linen Dress</title>
  <meta property="og:title" content="Linen Dress">
  <meta property="og:image" content="/images/front.jpg">
  <meta property="og:image" content="/images/sold-out">
  <meta property="og:image" content="/images/back.jpg">
  <meta property="og:image" content="/images/side.jpg">
  <meta property="og:image" content="/images/detail.jpg">
  <meta property="product:brand" content="Zara">
</head><body></body></html>`;

let shop: Server;
let shopUrl: string;
let shopPhoto: Buffer;
/** Requests the shop received, by path. */
const shopHits = new Map<string, number>();

async function startShop(): Promise<void> {
  shopPhoto = await jpegWithExif();
  shop = createServer((request, response) => {
    shopHits.set(request.url ?? '', (shopHits.get(request.url ?? '') ?? 0) + 1);
    if (request.url?.startsWith('/images/') && request.url.endsWith('.jpg')) {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      return response.end(shopPhoto);
    }
    const html = (body: string) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(body);
    };
    switch (request.url) {
      case '/og':
        return html(OG_PAGE);
      case '/product':
        return html(PRODUCT_PAGE);
      case '/no-product':
        // A page, but not a product's: a title and some text.
        return html('<html><head><title>Welcome to our shop</title></head><body>Hello</body></html>');
      case '/og-local':
        // The OpenGraph page with its second image on this shop too (missing), so no test leaves it.
        return html(OG_PAGE.replace('https://cdn.example.com/dress-back.jpg', '/images/dress-back.png'));
      case '/redirect-to-og-local':
        response.writeHead(302, { location: '/og-local' });
        return response.end();
      case '/redirect-to-product':
        response.writeHead(302, { location: '/product' });
        return response.end();
      case '/jsonld':
        return html(JSON_LD_PAGE);
      case '/microdata':
        return html(MICRODATA_PAGE);
      case '/gzip':
        response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
        return response.end(gzipSync(OG_PAGE));
      case '/redirect':
        response.writeHead(302, { location: '/og' });
        return response.end();
      case '/redirect-to-metadata':
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        return response.end();
      case '/redirect-to-private':
        response.writeHead(301, { location: 'http://10.0.0.5/admin' });
        return response.end();
      case '/redirect-to-file':
        response.writeHead(302, { location: 'file:///etc/passwd' });
        return response.end();
      case '/loop':
        response.writeHead(302, { location: '/loop' });
        return response.end();
      case '/image':
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        return response.end(Buffer.alloc(100));
      case '/big': {
        // 10 MB without a declared length: the reader must stop on its own.
        response.writeHead(200, { 'content-type': 'text/html' });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        let sent = 0;
        const write = () => {
          while (sent < 10 * 1024 * 1024) {
            sent += chunk.length;
            if (!response.write(chunk)) return response.once('drain', write);
          }
          response.end();
        };
        return write();
      }
      case '/big-declared':
        response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(10 * 1024 * 1024) });
        return response.end();
      case '/never':
        // Headers and a bit of the page, then nothing, ever.
        response.writeHead(200, { 'content-type': 'text/html' });
        response.write('<html><head><title>Still loading');
        return;
      default:
        response.writeHead(404, { 'content-type': 'text/html' });
        return response.end('not found');
    }
  });
  return new Promise((resolve) =>
    shop.listen(0, '127.0.0.1', () => {
      shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

beforeAll(startShop);
afterAll(
  () =>
    new Promise<void>((resolve) => {
      shop.closeAllConnections();
      shop.close(() => resolve());
    }),
);

/** The production policy, except for the one local shop the tests run (so redirects from it can be checked). */
const shopOnly: AddressPolicy = {
  isAllowed: (address, family) => address === '127.0.0.1' || isPublicAddress(address, family),
};

const fetchOptions = (overrides: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({
  ...SCRAPE_FETCH_DEFAULTS,
  policy: shopOnly,
  ...overrides,
});

// ---------------------------------------------------------------------------------------------------------

/** Every non-global address, in the spellings a resolver or a URL parser can produce. */
const NON_GLOBAL_IPV4 = [
  '127.0.0.1',
  '127.255.0.9',
  '10.1.2.3',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '169.254.169.254',
  '100.64.0.1',
  '0.0.0.0',
  '0.1.2.3',
  '224.0.0.1',
  '239.255.255.250',
  '255.255.255.255',
  '198.18.0.1',
  '192.0.0.8',
  '192.0.2.1',
  '198.51.100.7',
  '203.0.113.9',
  '240.0.0.1',
];

const NON_GLOBAL_IPV6 = [
  '::1',
  '0:0:0:0:0:0:0:1',
  '::',
  'fe80::1',
  'fe80::1%eth0',
  'fc00::1',
  'fd12:3456::1',
  'fec0::1',
  'ff02::1',
  'ff0e::1',
  // IPv4-compatible: what `http://[::127.0.0.1]` becomes.
  '::127.0.0.1',
  '::7f00:1',
  '::a9fe:a9fe',
  // IPv4-mapped, in both spellings, and the translated form.
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:a9fe:a9fe',
  '::ffff:10.0.0.1',
  '::ffff:0:7f00:1',
  // NAT64 (well-known and local-use prefixes), 6to4, Teredo: a gateway forwards to the IPv4 inside.
  '64:ff9b::7f00:1',
  '64:ff9b::127.0.0.1',
  '64:ff9b::a00:1',
  '64:ff9b::808:808',
  '64:ff9b:1::a00:1',
  '2002:7f00:1::1',
  '2001::1',
  '2001:db8::1',
  '100::1',
  '3fff::1',
  '5f00::1',
];

describe('address policy', () => {
  it('refuses loopback, private, link-local, unique-local, multicast and reserved addresses, v4 and v6', () => {
    for (const address of NON_GLOBAL_IPV4) expect(isPublicAddress(address, 4), address).toBe(false);
    for (const address of NON_GLOBAL_IPV6) expect(isPublicAddress(address, 6), address).toBe(false);
  });

  it('refuses what is not an address in standard form, whatever the resolver said', () => {
    for (const address of ['0177.0.0.1', '2130706433', '0x7f000001', '127.1', 'localhost', '', '[::1]']) {
      expect(isPublicAddress(address, 4), address).toBe(false);
    }
    // The family given does not matter: the address's own form decides.
    expect(isPublicAddress('::ffff:127.0.0.1', 4)).toBe(false);
    expect(isPublicAddress('127.0.0.1', 6)).toBe(false);
  });

  it('allows global unicast addresses, an IPv4-mapped one included', () => {
    for (const [address, family] of [
      ['93.184.216.34', 4],
      ['8.8.8.8', 4],
      ['172.32.0.1', 4],
      ['2606:4700::1111', 6],
      ['2a00:1450:4001:82b::200e', 6],
      ['::ffff:8.8.8.8', 6],
    ] as const) {
      expect(isPublicAddress(address, family), address).toBe(true);
    }
  });
});

describe('safe fetch', () => {
  it('refuses 127.0.0.1, 169.254.169.254, private names and file:// with the default policy', async () => {
    const port = new URL(shopUrl).port;
    const strict = fetchOptions({ policy: publicAddressesOnly });
    for (const url of [
      `${shopUrl}/og`,
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${port}/og`,
      `http://0x7f000001:${port}/og`,
      `http://2130706433:${port}/og`,
      `http://localhost:${port}/og`,
      // Every spelling of a loopback, private or otherwise local address that the URL parser lets through.
      `http://[::127.0.0.1]:${port}/og`,
      `http://[::ffff:127.0.0.1]:${port}/og`,
      `http://[::ffff:7f00:1]:${port}/og`,
      `http://[64:ff9b::7f00:1]:${port}/og`,
      `http://[::ffff:0:7f00:1]:${port}/og`,
      `http://[0:0:0:0:0:0:0:1]:${port}/og`,
      `http://[::]:${port}/og`,
      `http://0.0.0.0:${port}/og`,
      `http://0:${port}/og`,
      `http://0177.0.0.1:${port}/og`,
      `http://0x7f.1:${port}/og`,
      `http://127.1:${port}/og`,
      'http://10.0.0.1/',
      'http://192.168.0.1/',
      'http://100.64.0.1/',
      'http://224.0.0.1/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://[fec0::1]/',
      'http://[ff02::1]/',
    ]) {
      await expect(fetchHtmlPage(url, strict), url).rejects.toMatchObject({ reason: 'blocked_address' });
    }
    await expect(fetchHtmlPage('file:///etc/passwd', strict)).rejects.toMatchObject({
      reason: 'invalid_url',
    });
    await expect(fetchHtmlPage('ftp://example.com/x', strict)).rejects.toMatchObject({
      reason: 'invalid_url',
    });
    await expect(fetchHtmlPage('not a url', strict)).rejects.toMatchObject({ reason: 'invalid_url' });
  });

  it('refuses a name that resolves to any non-global address', async () => {
    for (const address of [...NON_GLOBAL_IPV4, ...NON_GLOBAL_IPV6]) {
      const resolve = async () => [{ address, family: address.includes(':') ? (6 as const) : (4 as const) }];
      await expect(
        fetchHtmlPage('http://shop.example.com/p', fetchOptions({ policy: publicAddressesOnly, resolve })),
        address,
      ).rejects.toMatchObject({ reason: 'blocked_address' });
    }
  });

  it('refuses a name that resolves to a private address, even next to a public one', async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 as const },
      { address: '10.0.0.7', family: 4 as const },
    ];
    await expect(
      fetchHtmlPage('http://shop.example.com/p', fetchOptions({ policy: publicAddressesOnly, resolve })),
    ).rejects.toMatchObject({ reason: 'blocked_address' });
  });

  it('checks every redirect again', async () => {
    const page = await fetchHtmlPage(`${shopUrl}/redirect`, fetchOptions());
    expect(page.url).toBe(`${shopUrl}/og`);
    for (const path of ['/redirect-to-metadata', '/redirect-to-private']) {
      await expect(fetchHtmlPage(`${shopUrl}${path}`, fetchOptions()), path).rejects.toMatchObject({
        reason: 'blocked_address',
      });
    }
    await expect(fetchHtmlPage(`${shopUrl}/redirect-to-file`, fetchOptions())).rejects.toMatchObject({
      reason: 'invalid_url',
    });
    await expect(fetchHtmlPage(`${shopUrl}/loop`, fetchOptions())).rejects.toMatchObject({
      reason: 'too_many_redirects',
    });
  });

  it('refuses a 10 MB page, declared or not', async () => {
    for (const path of ['/big', '/big-declared']) {
      await expect(fetchHtmlPage(`${shopUrl}${path}`, fetchOptions()), path).rejects.toMatchObject({
        reason: 'too_large',
      });
    }
  });

  it('gives up on a page that never finishes', async () => {
    const started = Date.now();
    await expect(fetchHtmlPage(`${shopUrl}/never`, fetchOptions({ timeoutMs: 400 }))).rejects.toMatchObject({
      reason: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(SCRAPE_FETCH_DEFAULTS).toEqual({ maxBytes: 2 * 1024 * 1024, timeoutMs: 8000, maxRedirects: 5 });
  });

  it('reads HTML only, and unpacks compressed pages', async () => {
    await expect(fetchHtmlPage(`${shopUrl}/image`, fetchOptions())).rejects.toMatchObject({
      reason: 'not_html',
    });
    await expect(fetchHtmlPage(`${shopUrl}/missing`, fetchOptions())).rejects.toMatchObject({
      reason: 'http_error',
    });
    const page = await fetchHtmlPage(`${shopUrl}/gzip`, fetchOptions());
    expect(page.html).toContain('og:title');
  });
});

describe('product extraction', () => {
  it('reads an OpenGraph-only page', () => {
    expect(extractProduct(OG_PAGE, 'https://shop.example.com/p/1')).toEqual({
      title: 'Linen Dress',
      brand: 'Zara',
      price: 129.9,
      currency: 'ILS',
      images: ['https://shop.example.com/images/dress-front.jpg', 'https://cdn.example.com/dress-back.jpg'],
    });
  });

  it('reads a JSON-LD-only page', () => {
    expect(extractProduct(JSON_LD_PAGE, 'https://shop.example.com/runner')).toEqual({
      title: 'Air Runner 2',
      brand: 'Nike',
      price: 49.99,
      currency: 'USD',
      images: ['https://cdn.example.com/runner-1.jpg', 'https://shop.example.com/runner-2.jpg'],
    });
  });

  it('reads a microdata-only page', () => {
    expect(extractProduct(MICRODATA_PAGE, 'https://shop.example.com/tote')).toEqual({
      title: 'Leather Tote',
      brand: 'Mango',
      price: 89,
      currency: 'EUR',
      images: ['https://shop.example.com/img/tote.jpg'],
    });
  });

  it('falls back to the page title and leaves unknown fields empty', () => {
    expect(extractProduct('<title> Plain page </title><p>hi</p>', 'https://x.example.com/')).toEqual({
      title: 'Plain page',
      brand: null,
      price: null,
      currency: null,
      images: [],
    });
  });

  it('reads prices as shops write them', () => {
    expect(parseScrapedPrice('129.90')).toBe(129.9);
    expect(parseScrapedPrice('₪ 1,299.00')).toBe(1299);
    expect(parseScrapedPrice('1.299,50 €')).toBe(1299.5);
    expect(parseScrapedPrice('129,90')).toBe(129.9);
    expect(parseScrapedPrice('1,299')).toBe(1299);
    expect(parseScrapedPrice(59.999)).toBe(60);
    expect(parseScrapedPrice('free')).toBeNull();
    expect(parseScrapedPrice(undefined)).toBeNull();
  });
});

describe('POST /functions/v1/scrape-product', () => {
  let strictCtx: TestApp;
  let openCtx: TestApp;
  let user: TestUser;
  let openUser: TestUser;

  beforeAll(async () => {
    [strictCtx, openCtx] = await Promise.all([
      createTestApp({ authRateLimits: TEST_RATE_LIMITS }),
      createTestApp({ authRateLimits: TEST_RATE_LIMITS, scraperAllowPrivate: true }),
    ]);
    user = await createUser(strictCtx.app);
    openUser = await createUser(openCtx.app);
  });
  afterAll(async () => {
    await Promise.all([strictCtx?.close(), openCtx?.close()]);
  });

  const scrape = (ctx: TestApp, who: TestUser | null, url: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/functions/v1/scrape-product',
      headers: who ? who.headers : {},
      payload: { url } as Record<string, unknown>,
    });

  const candidateOf = (who: TestUser) => new RegExp(`^/media/post-media/${who.id}/scraped-[^/]+\\.jpg$`);

  it('answers with the product of a local shop page when private addresses are allowed', async () => {
    const response = await scrape(openCtx, openUser, `${shopUrl}/redirect-to-og-local`);
    expect(response.statusCode).toBe(200);
    // The first image as the user's own media; the second is missing (404), so it is left out.
    expect(response.json()).toEqual({
      success: true,
      data: {
        title: 'Linen Dress',
        brand: 'Zara',
        price: 129.9,
        currency: 'ILS',
        images: [expect.stringMatching(candidateOf(openUser))],
      },
    } satisfies ScrapeProductResponse);
  });

  it("answers the page's first four images as the user's own media, never the shop's links", async () => {
    // The shop counts every fetch of this file; the other tests here scrape the same page too.
    const fetched = (path: string) => shopHits.get(path) ?? 0;
    const before = { soldOut: fetched('/images/sold-out'), detail: fetched('/images/detail.jpg') };
    const response = await scrape(openCtx, openUser, `${shopUrl}/redirect-to-product`);
    expect(response.statusCode).toBe(200);
    const result = response.json() as ScrapeProductResponse;
    if (!result.success) throw new Error(result.error);
    expect(JSON.stringify(result)).not.toContain(shopUrl);
    // front, back and side; 'sold-out' is a page, and the fifth image is not a candidate.
    expect(result.data.images).toHaveLength(3);
    for (const url of result.data.images) expect(url).toMatch(candidateOf(openUser));
    expect(fetched('/images/sold-out')).toBe(before.soldOut + 1);
    expect(fetched('/images/detail.jpg')).toBe(before.detail);
    const stored = await openCtx.app.inject({ method: 'GET', url: result.data.images[0]! });
    expect(stored.statusCode).toBe(200);
    expect(stored.rawPayload.includes(SHOP_PHOTO_EXIF_ARTIST)).toBe(false);
    expect((await sharp(stored.rawPayload).metadata()).exif).toBeUndefined();
  });

  it('removes the candidates no post took, a day after they were stored', async () => {
    const scraped = (await scrape(openCtx, openUser, `${shopUrl}/product`)).json() as ScrapeProductResponse;
    if (!scraped.success) throw new Error(scraped.error);
    const [chosen, ...others] = scraped.data.images;
    const media = await uploadImage(openCtx.app, openUser);
    const published = await openCtx.app.inject({
      method: 'POST',
      url: '/api/v1/posts',
      headers: openUser.headers,
      payload: postBody([media], {
        items: [{ item_type: 'Dress', link: `${shopUrl}/product`, image_url: chosen! }],
      }),
    });
    expect(published.statusCode).toBe(201);
    // Kept as it is: it is already the author's own media.
    expect((published.json() as SavedPost).items[0]!.image_url).toBe(chosen);

    const status = async (url: string) => (await openCtx.app.inject({ method: 'GET', url })).statusCode;
    const images = openCtx.app.services.productImages;
    expect(await images.removeUnusedCandidates(new Date())).toBe(0);
    for (const url of scraped.data.images) expect(await status(url)).toBe(200);

    const removed = await images.removeUnusedCandidates(new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(removed).toBeGreaterThanOrEqual(others.length);
    expect(await status(chosen!)).toBe(200);
    for (const url of others) expect(await status(url)).toBe(404);
    const rows = await openCtx.app.database.query<{ path: string }>(
      "select path from storage_objects where path like 'post-media/%/scraped-%'",
    );
    expect(rows.map((row) => `/media/${row.path}`)).toEqual([chosen]);
  });

  it("guards a post's product image links with the production policy too", async () => {
    const before = shopHits.get('/images/front.jpg') ?? 0;
    const media = await uploadImage(strictCtx.app, user);
    const links = [
      `${shopUrl}/images/front.jpg`,
      'http://[::ffff:127.0.0.1]/x.jpg',
      'http://169.254.169.254/',
    ];
    const response = await strictCtx.app.inject({
      method: 'POST',
      url: '/api/v1/posts',
      headers: user.headers,
      payload: postBody([media], {
        items: links.map((imageUrl) => ({
          item_type: 'Dress',
          link: 'https://shop.example.com/',
          image_url: imageUrl,
        })),
      }),
    });
    expect(response.statusCode).toBe(201);
    const saved = response.json() as SavedPost;
    expect(saved.items.map((item) => item.image_url)).toEqual([null, null, null]);
    expect(saved.dropped_item_images).toEqual(
      links.map((url, index) => ({ index, url, reason: 'This address cannot be scraped' })),
    );
    expect(shopHits.get('/images/front.jpg') ?? 0).toBe(before);
  });

  it('refuses private addresses and file:// by default, answering success: false', async () => {
    for (const [url, code] of [
      [`${shopUrl}/og`, 'private_address'],
      ['http://169.254.169.254/latest/meta-data/', 'private_address'],
      ['file:///etc/passwd', 'invalid_url'],
    ]) {
      const response = await scrape(strictCtx, user, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toEqual({ success: false, error: expect.any(String), code });
    }
  });

  it('answers why a page could not be read: shop not answering, no product details', async () => {
    // A port nobody listens on: the shop does not answer.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    for (const [url, code] of [
      [`http://127.0.0.1:${port}/dress`, 'shop_unreachable'],
      [`${shopUrl}/missing`, 'shop_unreachable'],
      [`${shopUrl}/no-product`, 'no_product_details'],
      [`${shopUrl}/image`, 'no_product_details'],
    ]) {
      const response = await scrape(openCtx, openUser, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toEqual({ success: false, error: expect.any(String), code });
    }
  });

  it('is for signed-in users only', async () => {
    const response = await scrape(strictCtx, null, 'https://shop.example.com/');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('User not authenticated');
    expect((await scrape(strictCtx, user, undefined)).statusCode).toBe(400);
  });

  it('limits how often one user scrapes', async () => {
    // A user of its own: the one the other tests scrape as must stay under the limit.
    const eager = await createUser(strictCtx.app);
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await scrape(strictCtx, eager, 'file:///x')).statusCode);
    expect(statuses).toContain(429);
  });
});
