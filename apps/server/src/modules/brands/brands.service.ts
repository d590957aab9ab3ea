import { uniqueIgnoreCase } from '@sys/shared';
import type { Db } from '../../db/client.ts';
import { incrementBrandUsage } from './brands.repository.ts';

/**
 * Counts the brands a post uses (spec section 3: brands have a usage count; a new brand is created).
 * Takes the caller's transaction so the counts commit or roll back with the post.
 */
export async function countBrandUsage(tx: Db, names: readonly (string | null)[]): Promise<void> {
  const unique = uniqueIgnoreCase(names.filter((name): name is string => name !== null));
  await incrementBrandUsage(tx, unique);
}
