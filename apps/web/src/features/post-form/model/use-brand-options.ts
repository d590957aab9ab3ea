import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { useApiErrorText } from '@/shared/api/use-api-error-text';
import { showToast } from '@/shared/ui/show-toast';
import { useCreateBrandMutation } from '../api/create-brand';
import { brandOptions, useBrandsQuery } from '../api/get-brands';

// Every product editor of the form reads the brands: one failed load is told once, not once per product.
let reportedFailureAt = 0;

/**
 * The post form's brands (spec section 7: read brands by usage, insert a brand): the default brands, then
 * the others by usage; when the list cannot be loaded, the defaults and the toast 'Failed to fetch brands'.
 * `add` stores a custom brand ('Failed to create brand' when that fails; the field keeps the typed value
 * either way). A visitor's custom brand is stored with the post, once they have signed in.
 */
export function useBrandOptions(): { options: string[]; add: (name: string) => void } {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const { isSignedIn } = useViewer();
  const brands = useBrandsQuery();
  const creation = useCreateBrandMutation();

  const failedAt = brands.isError ? brands.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt === 0 || failedAt === reportedFailureAt) return;
    reportedFailureAt = failedAt;
    void showToast('destructive', t('product.brandsFetchError'), { description: errorText(brands.error) });
  }, [failedAt, brands.error, errorText, t]);

  const add = (name: string) => {
    if (!isSignedIn) return;
    creation.mutate(name, {
      onError: (error) =>
        void showToast('destructive', t('product.brandCreateError'), { description: errorText(error) }),
    });
  };
  return { options: brandOptions(brands.data), add };
}
