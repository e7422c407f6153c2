import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Turns an error key from the contract's schemas (`errors.required`) into words. A key this
 * language lacks (a newer server) falls back to the generic "check this answer".
 */
/** "Fill this in" reads wrong under a list of choices: those say "Choose an answer". */
export function choiceError(key: string | undefined): string | undefined {
  return key === 'errors.required' ? 'errors.requiredChoice' : key;
}

export function useErrorText(): (key: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation('company');
  return useCallback(
    (key) => {
      if (!key) return undefined;
      if (i18n.exists(key, { ns: 'company' })) return t(key as 'errors.invalid');
      return t('errors.invalid');
    },
    [t, i18n],
  );
}
