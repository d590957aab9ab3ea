import { DEFAULT_BRANDS, type DefaultBrand } from '@sys/shared';
import { HAIR_COLORS, SKIN_TONES } from './demo.art.color.ts';
import type { AvatarSpec } from './demo.art.spec.ts';

/**
 * The demo community: the spec's "5 sample profiles" and "5 brands" (section 3), invented as
 * plausible creators for an app that ships in English and Hebrew. Ids are fixed so that later demo
 * steps (posts, follows, albums) can refer to them and a reseed gives the same URLs.
 */
export interface DemoProfile {
  id: string;
  username: string;
  display_name: string;
  bio: string;
  size: string;
  chest_circumference: number;
  waist_circumference: number;
  hip_circumference: number;
  measurements_public: boolean;
  avatar: AvatarSpec;
}

/*
 * Measurements (issue 17): every demo creator has someone with public measurements within the default
 * 'Fits like me' tolerance (4 cm), so the feature has results for each demo account on first use: Noa and
 * Amara, Maya and Daniel match each other; Sofia (private) matches Noa.
 */
export const DEMO_PROFILE_IDS = {
  noa: 'd3e30000-0000-4000-8000-000000000001',
  maya: 'd3e30000-0000-4000-8000-000000000002',
  daniel: 'd3e30000-0000-4000-8000-000000000003',
  amara: 'd3e30000-0000-4000-8000-000000000004',
  sofia: 'd3e30000-0000-4000-8000-000000000005',
} as const;

export const DEMO_PROFILES: readonly DemoProfile[] = [
  {
    id: DEMO_PROFILE_IDS.noa,
    username: 'noa.levi',
    display_name: 'Noa Levi',
    bio: 'Tel Aviv minimalist. Linen, soft neutrals and one great pair of sandals ☀️',
    size: 'S',
    chest_circumference: 86,
    waist_circumference: 68,
    hip_circumference: 94,
    measurements_public: true,
    avatar: {
      background: ['#f7ebe0', '#e8c7ae'],
      skin: SKIN_TONES[1],
      hair: { style: 'waves', color: HAIR_COLORS.darkBrown },
      earrings: 'hoops',
      clothing: { color: 'Cream', neckline: 'v' },
    },
  },
  {
    id: DEMO_PROFILE_IDS.maya,
    username: 'maya.curves',
    display_name: 'Maya Cohen',
    bio: 'Curve styling from Haifa 🌸 הדפסים, צבע וביטחון עצמי',
    size: 'XL',
    chest_circumference: 104,
    waist_circumference: 90,
    hip_circumference: 108,
    measurements_public: true,
    avatar: {
      background: ['#fde4e8', '#f4b6c2'],
      skin: SKIN_TONES[2],
      hair: { style: 'long', color: HAIR_COLORS.black },
      earrings: 'studs',
      clothing: { color: 'Pink', neckline: 'square', pattern: 'Floral', accent: '#ffffff' },
    },
  },
  {
    id: DEMO_PROFILE_IDS.daniel,
    username: 'dan.street',
    display_name: 'Daniel Ben-David',
    bio: 'Jerusalem streetwear. Sneakers first, outfit second 👟',
    size: 'L',
    chest_circumference: 104,
    waist_circumference: 88,
    hip_circumference: 104,
    measurements_public: true,
    avatar: {
      background: ['#e2ebe4', '#a9c2b1'],
      skin: SKIN_TONES[3],
      hair: { style: 'short', color: HAIR_COLORS.black },
      glasses: true,
      clothing: { color: 'Haki', neckline: 'crew' },
    },
  },
  {
    id: DEMO_PROFILE_IDS.amara,
    username: 'amara.okafor',
    display_name: 'Amara Okafor',
    bio: 'London via Lagos ✨ bold colour, vintage finds and Sunday market hauls',
    size: 'M',
    chest_circumference: 89,
    waist_circumference: 71,
    hip_circumference: 97,
    measurements_public: true,
    avatar: {
      background: ['#fff2cf', '#f3c96b'],
      skin: SKIN_TONES[5],
      hair: { style: 'curly', color: HAIR_COLORS.black },
      earrings: 'hoops',
      clothing: { color: 'Purple', neckline: 'square' },
    },
  },
  {
    id: DEMO_PROFILE_IDS.sofia,
    username: 'sofia.marquez',
    display_name: 'Sofía Márquez',
    bio: 'Barcelona ↔ Tel Aviv. Bohemian layers, beach to dinner 🌊',
    size: 'XS',
    chest_circumference: 83,
    waist_circumference: 65,
    hip_circumference: 91,
    measurements_public: false,
    avatar: {
      background: ['#e6eef8', '#b9cdea'],
      skin: SKIN_TONES[0],
      hair: { style: 'bun', color: HAIR_COLORS.blonde },
      earrings: 'studs',
      clothing: { color: 'Blue', neckline: 'blazer' },
    },
  },
];

/** A brand the demo seeds: one of the sample brands below or a default brand. */
export type DemoBrandName = DefaultBrand | 'Castro' | 'Fox' | 'Renuar' | 'Terminal X' | 'Comme il Faut';

/** The spec's five sample brands: labels an Israeli audience shops, next to the default list. */
export const DEMO_SAMPLE_BRANDS: readonly { name: DemoBrandName; usage_count: number }[] = [
  { name: 'Castro', usage_count: 38 },
  { name: 'Fox', usage_count: 45 },
  { name: 'Renuar', usage_count: 21 },
  { name: 'Terminal X', usage_count: 17 },
  { name: 'Comme il Faut', usage_count: 9 },
];

/** Usage counts for the default brands, so "Popular Brands" has a believable order from the start. */
const DEFAULT_BRAND_USAGE: Record<DefaultBrand, number> = {
  Zara: 64,
  'H&M': 52,
  Mango: 33,
  'Pull & Bear': 27,
  'American Eagle': 14,
  Nike: 58,
  Adidas: 41,
  Reebok: 12,
  Polo: 19,
  Tommy: 23,
};

export const DEMO_BRANDS: readonly { name: DemoBrandName; usage_count: number }[] = [
  ...DEMO_SAMPLE_BRANDS,
  ...DEFAULT_BRANDS.map((name) => ({ name, usage_count: DEFAULT_BRAND_USAGE[name] })),
];
