import { type BrandList, uniqueIgnoreCase } from '@sys/shared';
import type { Db } from '../../db/client.ts';
import { toBrand } from './brands.mapper.ts';
import { findBrandsByUsage, incrementBrandUsage } from './brands.repository.ts';

/**
 * Counts the brands a post uses (spec section 3: brands have a usage count; a new brand is created).
 * Takes the caller's transaction so the counts commit or roll back with the post. This is the only place
 * a brand is created: a brand typed into a form exists for everyone once a post with it is published.
 */
export async function countBrandUsage(tx: Db, names: readonly (string | null)[]): Promise<void> {
  const unique = uniqueIgnoreCase(names.filter((name): name is string => name !== null));
  await incrementBrandUsage(tx, unique);
}

/** Spec section 7's brand read (GET /api/v1/brands). */
export class BrandsService {
  constructor(private readonly db: Db) {}

  async listBrands(): Promise<BrandList> {
    return { items: (await findBrandsByUsage(this.db)).map(toBrand) };
  }
}
