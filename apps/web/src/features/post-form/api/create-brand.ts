import type { Brand, BrandList } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/api-client';
import { brandKeys } from './get-brands';

/** POST /api/v1/brands: adds a brand (one of that name, ignoring case, is answered as it is). */
export function createBrand(name: string): Promise<Brand> {
  return apiRequest<Brand>('/brands', { method: 'POST', body: { name } });
}

/** Adds a custom brand; the brands list then has it (at the end: it has not been used yet). */
export function useCreateBrandMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBrand,
    onSuccess: (brand) => {
      queryClient.setQueryData<BrandList>(brandKeys.all, (list) =>
        list && !list.items.some((known) => known.id === brand.id) ? { items: [...list.items, brand] } : list,
      );
    },
  });
}
