import type { Brand } from '@sys/shared';
import type { BrandRow } from '../../db/schema/index.ts';

/** Rows -> the API's camelCase brands. */
export function toBrand(row: BrandRow): Brand {
  return { id: row.id, name: row.name, usage_count: row.usage_count };
}
