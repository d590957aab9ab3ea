/*
 * What a demo picture shows: a person's look, and what an avatar or an outfit illustration is made of
 * (demo.art.ts draws them; demo.data.ts and demo.posts.data.ts describe each one).
 */

export type HairStyle = 'long' | 'bob' | 'bun' | 'short' | 'curly' | 'waves' | 'ponytail';
export type Neckline = 'crew' | 'v' | 'turtleneck' | 'blazer' | 'square';
export type TopKind = 'tee' | 'long-sleeve' | 'crop' | 'blouse' | 'jacket' | 'sweater';
export type BottomKind = 'pants' | 'wide-pants' | 'shorts' | 'mini-skirt' | 'midi-skirt' | 'maxi-skirt';
export type ShoeKind = 'sneakers' | 'heels' | 'boots' | 'sandals';

/** A colour is one of the spec's colour names (Black, Haki, Sparkle...) or a CSS hex value. */
export type ArtColor = string;
/** A pattern is one of the spec's pattern names (Striped, Polka Dots, Leopard Print...); unknown means solid. */
export type ArtPattern = string;

export interface Garment<K extends string> {
  kind: K;
  color: ArtColor;
  pattern?: ArtPattern;
  /** Colour of the pattern's marks; derived from `color` when absent. */
  accent?: ArtColor;
}

export interface PersonLook {
  skin: string;
  hair: { style: HairStyle; color: string };
  /** Gold hoops, small studs or nothing. */
  earrings?: 'hoops' | 'studs';
  glasses?: boolean;
}

export interface AvatarSpec extends PersonLook {
  background: [string, string];
  clothing: { color: ArtColor; neckline: Neckline; pattern?: ArtPattern; accent?: ArtColor };
}

/** Where the picture is taken: a studio arch, a city street, a beach, a room, a park. */
export type Scene = 'studio' | 'street' | 'beach' | 'interior' | 'garden';
/** The figure's stance: arms down, or the right hand on the hip. */
export type Pose = 'front' | 'hand-on-hip';
/** The crop: the whole figure, head to hips, or a close-up of the shoes or the bag (shoes without a bag). */
export type Framing = 'full' | 'half' | 'shoes' | 'bag';

export interface OutfitSpec extends PersonLook {
  background: [string, string];
  scene?: Scene;
  pose?: Pose;
  framing?: Framing;
  /** Mirror the figure (bag and pose on the other side). */
  mirror?: boolean;
  /** Degrees the figure leans, pivoting at the feet; a few degrees look like a relaxed stance. */
  lean?: number;
  top?: Garment<TopKind>;
  bottom?: Garment<BottomKind>;
  /** A dress replaces top and bottom. */
  dress?: Garment<'mini' | 'midi' | 'maxi'>;
  shoes: Garment<ShoeKind>;
  bag?: { color: ArtColor; kind?: 'tote' | 'shoulder' | 'clutch' };
  hat?: { color: ArtColor };
}
