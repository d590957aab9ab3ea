import { z } from 'zod';
import {
  type PreferenceCounters,
  SWIPE_ACTIONS,
  type SwipeAction,
  type SwipeEvent,
} from './preference-scoring.ts';

/*
 * The zod schemas of swipe events and preference counters (request and response shapes). The types and
 * all the logic (parsing stored swipes, counting, scoring, ranking) are in preference-scoring.ts, free of
 * zod so that the web's first screens can rank posts without loading it; they are re-exported here.
 */
export * from './preference-scoring.ts';

export const SwipeActionSchema = z.enum(SWIPE_ACTIONS);

/**
 * One swipe (section 3). The same shape is kept in local storage for visitors and guests and sent to the
 * server, which adds the user. `brand` is the outfit's author name and `category` its first tag.
 * parseStoredSwipeEvents (preference-scoring.ts) accepts exactly what this accepts, by hand.
 */
export const SwipeEventSchema = z.object({
  outfit_id: z.string().min(1),
  action: SwipeActionSchema,
  tags: z.array(z.string()),
  brand: z.string().nullable(),
  category: z.string().nullable(),
  colors: z.array(z.string()),
  product_brands: z.array(z.string()).optional(),
  created_at: z.iso.datetime({ offset: true }),
});

const CounterMapSchema = z.record(z.string(), z.number().int().nonnegative());
const CounterGroupSchema = z.object({
  tags: CounterMapSchema,
  brands: CounterMapSchema,
  product_brands: CounterMapSchema,
  categories: CounterMapSchema,
  colors: CounterMapSchema,
});
/** Liked and disliked counts by tag, brand, category and colour (keys are comparison keys). */
export const PreferenceCountersSchema = z.object({ liked: CounterGroupSchema, disliked: CounterGroupSchema });

// The schemas infer exactly the hand-written types: changing one without the other fails to compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type SwipeSchemasMatchTypes = [
  Assert<Same<z.infer<typeof SwipeActionSchema>, SwipeAction>>,
  Assert<Same<z.infer<typeof SwipeEventSchema>, SwipeEvent>>,
  Assert<Same<z.infer<typeof PreferenceCountersSchema>, PreferenceCounters>>,
];
