import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '@/shared/api/use-api-error-text';
import { showToast } from '@/shared/ui/show-toast';
import { brandOptions, useBrandsQuery } from '../api/get-brands';

// Every product editor of the form reads the brands: one failed load is told once, not once per product.
let reportedFailureAt = 0;

/**
 * The post form's brands (spec section 7: read brands by usage): the default brands, then the others by
 * usage; when the list cannot be loaded, the defaults and the toast 'Failed to fetch brands'. A custom
 * brand stays in the form (its own list) and is created by the server when the post is published, so a
 * brand typed into a form that is never published joins nobody's list.
 */
export function useBrandOptions(): string[] {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const brands = useBrandsQuery();

  const failedAt = brands.isError ? brands.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt === 0 || failedAt === reportedFailureAt) return;
    reportedFailureAt = failedAt;
    void showToast('destructive', t('product.brandsFetchError'), { description: errorText(brands.error) });
  }, [failedAt, brands.error, errorText, t]);

  return brandOptions(brands.data);
}
