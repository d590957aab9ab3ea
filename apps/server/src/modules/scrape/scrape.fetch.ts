import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { AddressPolicy } from './scrape.addresses.ts';

/** Why a page could not be fetched; `message` is safe to show to the user. */
export type FetchFailure =
  | 'invalid_url'
  | 'blocked_address'
  | 'too_many_redirects'
  | 'too_large'
  | 'timeout'
  | 'not_html'
  | 'not_image'
  | 'http_error'
  | 'network';

export class SafeFetchError extends Error {
  override name = 'SafeFetchError';
  constructor(
    readonly reason: FetchFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface SafeFetchOptions {
  policy: AddressPolicy;
  /** Most bytes read of a page (after decompression). */
  maxBytes: number;
  /** For the whole fetch, redirects included. */
  timeoutMs: number;
  maxRedirects: number;
  /** Resolves a host name to all its addresses; tests replace it. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  userAgent?: string;
}

export const SCRAPE_FETCH_DEFAULTS = {
  maxBytes: 2 * 1024 * 1024,
  timeoutMs: 8000,
  maxRedirects: 5,
} as const;

export interface FetchedPage {
  /** The URL the page was finally read from, after redirects; relative links resolve against it. */
  url: string;
  html: string;
}

export interface FetchedFile {
  /** The URL the file was finally read from, after redirects. */
  url: string;
  /** The declared Content-Type, as the server sent it. */
  contentType: string;
  bytes: Buffer;
}

/** What one kind of fetch accepts: the Accept header, and a check of the declared type before reading. */
interface Expected {
  accept: string;
  /** Throws a SafeFetchError when the declared media type (lower case, no parameters) is not wanted. */
  checkType(mediaType: string): void;
  /** The too_large message. */
  tooLarge: string;
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

async function resolveAll(hostname: string): Promise<ResolvedAddress[]> {
  const results = await dnsLookup(hostname, { all: true, verbatim: true });
  return results.map((r) => ({ address: r.address, family: r.family === 6 ? 6 : 4 }));
}

/**
 * The address to connect to for `url`, after checking every address the name resolves to: a name with
 * one private address among public ones is refused, and the connection goes to the checked address
 * (no second lookup that a rebinding DNS server could answer differently).
 */
async function checkedAddress(url: URL, options: SafeFetchOptions): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolve ?? resolveAll)(host);
    } catch {
      throw new SafeFetchError('network', 'The shop could not be found');
    }
  }
  const first = addresses[0];
  if (!first || addresses.some((a) => !options.policy.isAllowed(a.address, a.family))) {
    throw new SafeFetchError('blocked_address', 'This address cannot be scraped');
  }
  return first;
}

function parseTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError('invalid_url', 'Please enter a valid http(s) link');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('invalid_url', 'Only http and https links can be scraped');
  }
  if (url.username || url.password)
    throw new SafeFetchError('invalid_url', 'Links with credentials are not scraped');
  return url;
}

function send(
  url: URL,
  target: ResolvedAddress,
  options: SafeFetchOptions,
  accept: string,
  signal: AbortSignal,
) {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // Pin the connection to the address that was checked. Node may ask for all addresses (happy eyeballs).
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    } else {
      callback(null, target.address, target.family);
    }
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<IncomingMessage>((resolvePromise, reject) => {
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        lookup,
        signal,
        ...(isIP(host) ? {} : { servername: host }),
        headers: {
          'user-agent': options.userAgent ?? 'Mozilla/5.0 (compatible; SYS-ProductPreview/1.0)',
          accept,
          'accept-language': 'en,he;q=0.8',
          'accept-encoding': 'gzip, deflate, br',
        },
      },
      resolvePromise,
    );
    request.on('error', reject);
    request.end();
  });
}

/** Pipes the response through a decompressor that fails too when the response is cut off or aborted. */
function through(response: IncomingMessage, decompressor: Transform): Readable {
  response.once('error', (error) => decompressor.destroy(error));
  response.once('close', () => {
    if (!response.complete) decompressor.destroy(new Error('The response ended early'));
  });
  return response.pipe(decompressor);
}

function decoded(response: IncomingMessage): Readable {
  const encoding = (response.headers['content-encoding'] ?? 'identity').toLowerCase().trim();
  if (encoding === 'identity' || encoding === '') return response;
  // Limits count the decompressed bytes, so a small gzip bomb cannot expand past them.
  if (encoding === 'gzip' || encoding === 'x-gzip') return through(response, createGunzip());
  if (encoding === 'deflate') return through(response, createInflate());
  if (encoding === 'br') return through(response, createBrotliDecompress());
  throw new SafeFetchError('network', 'The shop answered in an unknown encoding');
}

async function readLimited(stream: Readable, maxBytes: number, tooLarge: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) {
      stream.destroy();
      throw new SafeFetchError('too_large', tooLarge);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function decodeText(bytes: Buffer, contentType: string): string {
  const charset = /charset="?([\w-]+)"?/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/**
 * Fetches a file from a user-supplied link, safely: http(s) only; every host, including each redirect's,
 * resolved and refused unless the policy allows all of its addresses; redirects followed by hand (at most
 * `maxRedirects`); the declared type checked before reading; at most `maxBytes` read; one deadline for all.
 */
async function safeFetch(
  rawUrl: string,
  options: SafeFetchOptions,
  expected: Expected,
): Promise<FetchedFile> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  let current = parseTarget(rawUrl);
  let response: IncomingMessage | undefined;
  try {
    for (let hop = 0; ; hop++) {
      const target = await checkedAddress(current, options);
      response = await send(current, target, options, expected.accept, controller.signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (hop >= options.maxRedirects) throw new SafeFetchError('too_many_redirects', 'Too many redirects');
        current = parseTarget(new URL(location, current).toString());
        continue;
      }
      if (status < 200 || status >= 300) {
        throw new SafeFetchError('http_error', `The shop answered with status ${status}`);
      }
      const contentType = response.headers['content-type'] ?? '';
      expected.checkType(contentType.split(';')[0]!.trim().toLowerCase());
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        throw new SafeFetchError('too_large', expected.tooLarge);
      }
      const bytes = await readLimited(decoded(response), options.maxBytes, expected.tooLarge);
      return { url: current.toString(), contentType, bytes };
    }
  } catch (error) {
    if (error instanceof SafeFetchError) throw error;
    if (controller.signal.aborted) throw new SafeFetchError('timeout', 'The shop took too long to answer');
    throw new SafeFetchError('network', 'The shop could not be reached');
  } finally {
    clearTimeout(timer);
    response?.destroy();
  }
}

const HTML: Expected = {
  accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
  checkType: (mediaType) => {
    if (!HTML_TYPES.has(mediaType)) throw new SafeFetchError('not_html', 'The link is not a web page');
  },
  tooLarge: 'The page is too large',
};

/*
 * Images are typed by their bytes afterwards (the storage module's sniffing), so a CDN's
 * application/octet-stream is fine; only a declared text or JSON answer (an error page) is refused early.
 */
const IMAGE: Expected = {
  accept: 'image/webp,image/png,image/jpeg,image/*;q=0.8',
  checkType: (mediaType) => {
    if (mediaType.startsWith('text/') || mediaType === 'application/json' || mediaType.endsWith('+xml')) {
      throw new SafeFetchError('not_image', 'The link is not an image');
    }
  },
  tooLarge: 'The image is too large',
};

/** Fetches an HTML page from a user-supplied link, safely (see safeFetch); HTML content types only. */
export async function fetchHtmlPage(rawUrl: string, options: SafeFetchOptions): Promise<FetchedPage> {
  const file = await safeFetch(rawUrl, options, HTML);
  return { url: file.url, html: decodeText(file.bytes, file.contentType) };
}

/**
 * Fetches a product image from a user-supplied link, as safely as a page (see safeFetch). The bytes are
 * not trusted to be an image: the caller sniffs and re-encodes them.
 */
export async function fetchImageFile(rawUrl: string, options: SafeFetchOptions): Promise<FetchedFile> {
  return safeFetch(rawUrl, options, IMAGE);
}
