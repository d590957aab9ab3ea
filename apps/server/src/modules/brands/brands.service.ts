import { type Brand, type BrandList, uniqueIgnoreCase } from '@sys/shared';
import type { Db } from '../../db/client.ts';
import { toBrand } from './brands.mapper.ts';
import { findBrandByName, findBrandsByUsage, incrementBrandUsage, insertBrand } from './brands.repository.ts';

/**
 * Counts the brands a post uses (spec section 3: brands have a usage count; a new brand is created).
 * Takes the caller's transaction so the counts commit or roll back with the post.
 */
export async function countBrandUsage(tx: Db, names: readonly (string | null)[]): Promise<void> {
  const unique = uniqueIgnoreCase(names.filter((name): name is string => name !== null));
  await incrementBrandUsage(tx, unique);
}

/** Spec section 7's brand reads and writes (GET and POST /api/v1/brands). */
export class BrandsService {
  constructor(private readonly db: Db) {}

  async listBrands(): Promise<BrandList> {
    return { items: (await findBrandsByUsage(this.db)).map(toBrand) };
  }

  /**
   * Creates a brand, or answers the one that exists under this name ignoring case ('zara' gives 'Zara').
   * `created` tells which.
   */
  async createBrand(name: string): Promise<{ brand: Brand; created: boolean }> {
    const existing = await findBrandByName(this.db, name);
    if (existing) return { brand: toBrand(existing), created: false };
    const inserted = await insertBrand(this.db, name);
    if (inserted) return { brand: toBrand(inserted), created: true };
    // Created meanwhile by someone else under exactly this name.
    const concurrent = await findBrandByName(this.db, name);
    if (!concurrent) throw new Error(`brand ${name} was neither inserted nor found`);
    return { brand: toBrand(concurrent), created: false };
  }
}
