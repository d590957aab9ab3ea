import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The shared option lists that have translations (locales: options.*). Brands and sizes are names. */
export type OptionList = 'types' | 'colors' | 'patterns' | 'styles';

/**
 * The label of a list value in the interface language. Values are stored in the lists' English spelling;
 * a custom value has no translation and shows as typed.
 */
export function useOptionLabel(): (list: OptionList, value: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (list, value) =>
      // The keys are the lists' values, known to the compiler only as strings.
      t(`options.${list}.${value}` as 'options.colors.None', { defaultValue: value }),
    [t],
  );
}
