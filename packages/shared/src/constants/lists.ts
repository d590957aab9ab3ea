/**
 * The option lists of spec section 9 (and the style list of section 3), in the spec's order.
 * Users may add custom values next to these (see domain/custom-values.ts), so values stored on posts
 * are plain strings; these lists are what the forms and the filter dialog offer first.
 */

/** Sizes offered by the profile's Size select, exactly as section 9 lists them ('2X-6X' is one option). */
export const PROFILE_SIZES = [
  'XS',
  'S',
  'M',
  'L',
  'XL',
  'XXL',
  '2X-6X',
  '6',
  '7',
  '8',
  '10',
  '12',
  '14',
  '16',
] as const;
export type ProfileSize = (typeof PROFILE_SIZES)[number];
export const DEFAULT_PROFILE_SIZE = 'M' satisfies ProfileSize;

const LETTER_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'One Size', 'Curve One Size'] as const;
/** '2X-6X' of the spec, one option per size so an item can carry the exact one. */
const PLUS_SIZES = ['2X', '3X', '4X', '5X', '6X'] as const;
/** 'numeric 6-16' read as every whole number from 6 to 16. */
const NUMERIC_SIZES = ['6', '7', '8', '9', '10', '11', '12', '13', '14', '15', '16'] as const;
/** 'even numbers 32-50 (the post form lists 34-50)': we follow the post form and start at 34. */
const EVEN_SIZES = ['34', '36', '38', '40', '42', '44', '46', '48', '50'] as const;
const BRA_BANDS = ['32', '34', '36', '38', '40', '42'] as const;
const BRA_CUPS = ['A', 'B', 'C', 'D'] as const;
/** Bra sizes 32-42 (even band sizes) with cups A-D: 32A, 32B, ... 42D. */
const BRA_SIZES = BRA_BANDS.flatMap((band) => BRA_CUPS.map((cup) => `${band}${cup}` as const));

/**
 * Sizes offered for a post item: letters, One Size, Curve One Size, 2X..6X, 6..16, even 34..50, then bra
 * sizes 32A..42D.
 */
export const POST_ITEM_SIZES = [
  ...LETTER_SIZES,
  ...PLUS_SIZES,
  ...NUMERIC_SIZES,
  ...EVEN_SIZES,
  ...BRA_SIZES,
] as const;
export type PostItemSize = (typeof POST_ITEM_SIZES)[number];

/**
 * Section 9 gives two readings of the even numeric range: 'even numbers 32-50' and the post form's 34-50.
 * POST_ITEM_SIZES follows the post form; this records the other reading's lower end.
 */
export const POST_ITEM_EVEN_SIZES_NOTE = {
  usedStart: 34,
  alternativeStart: 32,
  end: 50,
  reason: 'Section 9 says "even numbers 32-50 (the post form lists 34-50)"; the post form is followed.',
} as const;

/** Colours; 'None' is also what an item without a colour counts as when filtering. */
export const COLORS = [
  'None',
  'Black',
  'White',
  'Blue',
  'Red',
  'Green',
  'Yellow',
  'Pink',
  'Purple',
  'Brown',
  'Gray',
  'Gold',
  'Silver',
  'Sparkle',
  'Cream',
  'Beige',
  'Haki',
] as const;
export type Color = (typeof COLORS)[number];

/** Patterns; 'None' is also what an item without a pattern counts as when filtering. */
export const PATTERNS = [
  'None',
  'Solid',
  'Striped',
  'Polka Dots',
  'Floral',
  'Geometric',
  'Animal Print',
  'Plaid',
  'Checkered',
  'Abstract',
  'Paisley',
  'Tie Dye',
  'Ombre',
  'Gradient',
  'Leopard Print',
  'Snake Print',
] as const;
export type Pattern = (typeof PATTERNS)[number];

/** The value standing for "no colour" / "no pattern". */
export const NONE_VALUE = 'None' satisfies Color & Pattern;

export const PRODUCT_TYPES = [
  'Shirt',
  'Pants',
  'Dress',
  'Skirt',
  'Jacket',
  'Shoes',
  'Bag',
  'Accessories',
  'Underwear',
  'Swimwear',
  'Sweater',
  'Knitwear',
  'Bottoms',
  'Skirts',
  'Jackets',
  'Coats',
  'Denim',
  'Co-ords',
  'Jumpsuits',
  'Suits',
  'Blouses',
  'Tops',
  'Sleepwear',
  'Glasses',
  'Hat',
  'Hair Accessories',
  'Nail',
  'Earrings',
  'Bracelet',
  'Necklace',
  'Rings',
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** Brands the post form offers before any custom one. */
export const DEFAULT_BRANDS = [
  'Zara',
  'H&M',
  'Mango',
  'Pull & Bear',
  'American Eagle',
  'Nike',
  'Adidas',
  'Reebok',
  'Polo',
  'Tommy',
] as const;
export type DefaultBrand = (typeof DEFAULT_BRANDS)[number];

/**
 * Style categories (section 3's list, in its order), used by the filter dialog, the post form and the
 * explore categories. A post carries its styles as hashtags in its caption (see domain/captions.ts).
 */
export const STYLES = [
  'Casual',
  'Evening',
  'Streetwear',
  'Formal',
  'Activewear',
  'Cozy',
  'Elegant',
  'Retro',
  'Modern',
  'Bohemian',
  'Minimalist',
  'Maternity',
  'Event',
  'Party',
  'Beach',
  'Vacation',
  'Wedding',
  'Urban',
  'Pattern',
  'Curve',
  'Plus Size',
  'Tall',
  'Petite',
] as const;
export type Style = (typeof STYLES)[number];

/**
 * Each style's Hebrew name: the one list of them. The server's search suggestions match a style by either
 * name, and the web's Hebrew screens show this one (app/i18n.ts adds it as `options.styles`), so a style
 * is suggested for exactly the name a Hebrew reader sees.
 */
export const STYLE_NAMES_HE: Readonly<Record<Style, string>> = {
  Casual: 'יומיומי',
  Evening: 'ערב',
  Streetwear: 'סטריטוור',
  Formal: 'רשמי',
  Activewear: 'ספורט',
  Cozy: 'נינוח',
  Elegant: 'אלגנטי',
  Retro: 'רטרו',
  Modern: 'מודרני',
  Bohemian: 'בוהו',
  Minimalist: 'מינימליסטי',
  Maternity: 'הריון',
  Event: 'אירוע',
  Party: 'מסיבה',
  Beach: 'חוף',
  Vacation: 'חופשה',
  Wedding: 'חתונה',
  Urban: 'אורבני',
  Pattern: 'דוגמאות',
  Curve: 'קרוו',
  'Plus Size': 'מידות גדולות',
  Tall: 'גבוהות',
  Petite: 'פטיט',
};
