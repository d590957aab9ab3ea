import { CURRENCIES, type Currency, parsePrice, type ScrapedProduct } from '@sys/shared';
import { type CheerioAPI, type contains, load } from 'cheerio';

/** A node of the parsed page (domhandler's, which cheerio does not re-export by name). */
type DomNode = Parameters<typeof contains>[0];

/** At most this many images are returned (the form shows the first 4). */
const MAX_IMAGES = 12;

/** What one source on the page (JSON-LD, microdata, meta tags) says about the product. */
interface ProductHints {
  title?: string | null;
  brand?: string | null;
  images: string[];
  price?: number | null;
  currency?: Currency | null;
}

type Json = Record<string, unknown>;

const CURRENCY_SYMBOLS: Record<string, Currency> = {
  '₪': 'ILS',
  NIS: 'ILS',
  'ש"ח': 'ILS',
  'ש״ח': 'ILS',
  $: 'USD',
  US$: 'USD',
  '€': 'EUR',
};

export function normalizeCurrency(value: unknown): Currency | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  const upper = trimmed.toUpperCase();
  if ((CURRENCIES as readonly string[]).includes(upper)) return upper as Currency;
  return CURRENCY_SYMBOLS[trimmed] ?? CURRENCY_SYMBOLS[upper] ?? null;
}

/**
 * A price as shops write it: 129.9, '129.90', '₪ 1,299.00', '1.299,00 €', '129,90'. Structured data
 * (JSON-LD, microdata) uses a dot for decimals; a comma is a decimal separator only when one or two
 * digits follow it last. Rounded to cents; null when there is no sensible number.
 */
export function parseScrapedPrice(value: unknown): number | null {
  if (typeof value === 'number')
    return Number.isFinite(value) ? parsePrice(Math.round(value * 100) / 100) : null;
  if (typeof value !== 'string') return null;
  let text = value.replace(/[^\d.,]/g, '');
  if (!/\d/.test(text)) return null;
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  if (lastComma !== -1 && lastDot !== -1) {
    const decimal = lastComma > lastDot ? ',' : '.';
    const thousands = decimal === ',' ? '.' : ',';
    text = text.replaceAll(thousands, '').replace(decimal, '.');
  } else if (lastComma !== -1) {
    const decimals = text.length - lastComma - 1;
    const commas = text.split(',').length - 1;
    text = commas === 1 && decimals <= 2 ? text.replace(',', '.') : text.replaceAll(',', '');
  } else if (lastDot !== -1 && text.split('.').length - 1 > 1) {
    text = text.replaceAll('.', '');
  }
  const number = Number(text);
  return Number.isFinite(number) ? parsePrice(Math.round(number * 100) / 100) : null;
}

function cleanText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(/\s+/g, ' ').trim();
  return text === '' ? null : text.slice(0, 300);
}

function absoluteUrl(value: unknown, base: string): string | null {
  if (typeof value !== 'string' || value.trim() === '' || value.trim().startsWith('data:')) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------
// JSON-LD (schema.org Product / ProductGroup with Offer, AggregateOffer)
// ---------------------------------------------------------------------------------------------------------

function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasType(node: Json, ...types: string[]): boolean {
  return asArray(node['@type']).some(
    (type) => typeof type === 'string' && types.includes(type.replace(/^.*[/:#]/, '').toLowerCase()),
  );
}

/** Every object of the JSON-LD blocks, through arrays, @graph and mainEntity. */
function jsonLdNodes($: CheerioAPI): Json[] {
  const nodes: Json[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 6) return;
    for (const item of asArray(value)) {
      if (!isObject(item)) continue;
      nodes.push(item);
      visit(item['@graph'], depth + 1);
      visit(item.mainEntity, depth + 1);
    }
  };
  $('script[type="application/ld+json"]').each((_, element) => {
    const text = $(element)
      .text()
      .replace(/^\s*<!--|-->\s*$/g, '')
      .replace(/^\s*\/\/\s*<!\[CDATA\[|\/\/\s*\]\]>\s*$/g, '')
      .trim();
    try {
      visit(JSON.parse(text), 0);
    } catch {
      // A broken block is common on real shops; the other sources may still have the data.
    }
  });
  return nodes;
}

function jsonLdImages(value: unknown, base: string): string[] {
  return asArray(value)
    .map((image) => (isObject(image) ? (image.contentUrl ?? image.url) : image))
    .flatMap((image) => asArray(image))
    .map((image) => absoluteUrl(image, base))
    .filter((url): url is string => url !== null);
}

function jsonLdBrand(value: unknown): string | null {
  for (const brand of asArray(value)) {
    const name = isObject(brand) ? brand.name : brand;
    const text = cleanText(name);
    if (text) return text;
  }
  return null;
}

function jsonLdOffer(value: unknown): { price: number | null; currency: Currency | null } {
  for (const offer of asArray(value)) {
    if (!isObject(offer)) continue;
    const specifications = asArray(offer.priceSpecification).filter(isObject);
    const price = parseScrapedPrice(offer.price ?? offer.lowPrice ?? specifications[0]?.price);
    if (price === null) {
      const nested = jsonLdOffer(offer.offers);
      if (nested.price !== null) return nested;
      continue;
    }
    const currency = normalizeCurrency(offer.priceCurrency ?? specifications[0]?.priceCurrency);
    return { price, currency };
  }
  return { price: null, currency: null };
}

function fromJsonLd($: CheerioAPI, base: string): ProductHints[] {
  return jsonLdNodes($)
    .filter((node) => hasType(node, 'product', 'productgroup', 'individualproduct', 'productmodel'))
    .map((node) => {
      const variants = asArray(node.hasVariant).filter(isObject);
      let offer = jsonLdOffer(node.offers);
      if (offer.price === null) offer = jsonLdOffer(variants.flatMap((variant) => asArray(variant.offers)));
      return {
        title: cleanText(node.name),
        brand: jsonLdBrand(node.brand),
        images: [...jsonLdImages(node.image, base), ...variants.flatMap((v) => jsonLdImages(v.image, base))],
        price: offer.price,
        currency: offer.currency,
      };
    });
}

// ---------------------------------------------------------------------------------------------------------
// Microdata (itemscope itemtype=".../Product")
// ---------------------------------------------------------------------------------------------------------

function itempropValue($: CheerioAPI, element: DomNode): string | null {
  const node = $(element);
  const content = node.attr('content');
  if (content !== undefined) return content;
  const tag = ((element as { tagName?: string }).tagName ?? '').toLowerCase();
  if (tag === 'a' || tag === 'link') return node.attr('href') ?? null;
  if (tag === 'img' || tag === 'source') return node.attr('src') ?? node.attr('data-src') ?? null;
  if (tag === 'data' || tag === 'meter') return node.attr('value') ?? null;
  return node.text();
}

function fromMicrodata($: CheerioAPI, base: string): ProductHints[] {
  const products = $('[itemscope][itemtype]').filter((_, element) =>
    /schema\.org\/(Product|ProductGroup|IndividualProduct)\b/i.test($(element).attr('itemtype') ?? ''),
  );
  return products.toArray().map((product) => {
    const props = (name: string): DomNode[] => $(product).find(`[itemprop~="${name}"]`).toArray();
    /** Properties of the product itself, not of items nested in it (a brand's or a review's name). */
    const own = (name: string) =>
      props(name).filter((element) => $(element).parent().closest('[itemscope]').get(0) === product);
    const nameElement = own('name')[0];
    const brandElement = props('brand')[0];
    let brand: string | null = null;
    if (brandElement) {
      const scoped = $(brandElement).is('[itemscope]')
        ? $(brandElement).find('[itemprop~="name"]').get(0)
        : brandElement;
      brand = scoped ? cleanText(itempropValue($, scoped)) : null;
    }
    const priceElement = props('price')[0] ?? props('lowPrice')[0];
    const currencyElement = props('priceCurrency')[0];
    return {
      title: nameElement ? cleanText(itempropValue($, nameElement)) : null,
      brand,
      images: props('image')
        .map((element) => absoluteUrl(itempropValue($, element), base))
        .filter((url): url is string => url !== null),
      price: priceElement ? parseScrapedPrice(itempropValue($, priceElement)) : null,
      currency: currencyElement ? normalizeCurrency(itempropValue($, currencyElement)) : null,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------
// OpenGraph, Twitter cards and other common meta tags
// ---------------------------------------------------------------------------------------------------------

function metaValues($: CheerioAPI, keys: readonly string[]): string[] {
  const wanted = new Set(keys.map((key) => key.toLowerCase()));
  const values: string[] = [];
  $('meta').each((_, element) => {
    const node = $(element);
    const key = (node.attr('property') ?? node.attr('name') ?? node.attr('itemprop') ?? '').toLowerCase();
    const content = node.attr('content');
    if (wanted.has(key) && content !== undefined && content.trim() !== '') values.push(content.trim());
  });
  return values;
}

function fromMeta($: CheerioAPI, base: string): ProductHints {
  const first = (...keys: string[]) => metaValues($, keys)[0] ?? null;
  const images = [
    ...metaValues($, ['og:image:secure_url', 'og:image', 'og:image:url']),
    ...metaValues($, ['twitter:image', 'twitter:image:src']),
    ...$('link[rel~="image_src"]')
      .toArray()
      .map((element) => $(element).attr('href') ?? ''),
  ];
  return {
    title: cleanText(first('og:title') ?? first('twitter:title')),
    brand: cleanText(first('product:brand') ?? first('og:brand') ?? first('brand')),
    images: images.map((image) => absoluteUrl(image, base)).filter((url): url is string => url !== null),
    price: parseScrapedPrice(
      first('product:price:amount', 'og:price:amount', 'product:sale_price:amount', 'price'),
    ),
    currency: normalizeCurrency(first('product:price:currency', 'og:price:currency', 'pricecurrency')),
  };
}

/**
 * What a product page says about its product: title, brand, price and currency, and images best first.
 * Structured data is trusted most (JSON-LD, then microdata), then OpenGraph and other meta tags, then the
 * page title. A field nobody states is null; the form then asks the user to fill it in.
 */
export function extractProduct(html: string, pageUrl: string): ScrapedProduct {
  const $ = load(html);
  const sources = [...fromJsonLd($, pageUrl), ...fromMicrodata($, pageUrl), fromMeta($, pageUrl)];
  const pick = <K extends 'title' | 'brand' | 'price' | 'currency'>(key: K) =>
    sources.map((source) => source[key]).find((value) => value !== null && value !== undefined) ?? null;

  // Price and currency go together: take the currency of the source that gave the price.
  const priced = sources.find((source) => source.price !== null && source.price !== undefined);
  const images = [...new Set(sources.flatMap((source) => source.images))].slice(0, MAX_IMAGES);
  return {
    images,
    price: priced?.price ?? null,
    currency: priced?.currency ?? pick('currency'),
    brand: pick('brand'),
    title: pick('title') ?? cleanText($('title').first().text()),
  };
}
