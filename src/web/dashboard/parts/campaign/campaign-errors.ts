// The contract's zod messages (English, for the API) in the reviewer's language: the rules stay
// in `campaignDefinitionSchema`, only their words are the dashboard's.
import { get, useFormState, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_MAX_FILES_LIMIT } from '../../../../contract/campaign';
import type { CampaignFormValues } from './campaign-values';

/** Why: the messages the editor can say, each a key of `campaigns.errors`. */
export type ErrorKey =
  | 'required' | 'tooLong' | 'tooMany' | 'tooFew' | 'invalid' | 'slug' | 'threshold' | 'maxFiles' | 'country' | 'language'
  | 'stepsUnique' | 'reviewLast' | 'livenessNotStep' | 'questionsNeedStep' | 'questionsStepEmpty' | 'documentsStepEmpty'
  | 'documentKindsUnique' | 'questionIdsUnique' | 'choiceOptions' | 'noOptions' | 'optionValuesUnique';

// The messages written in src/contract/campaign.ts (and common.ts for country codes).
const BY_MESSAGE: Record<string, ErrorKey> = {
  'steps must be unique': 'stepsUnique',
  'review must be the last step': 'reviewLast',
  'liveness is required but not a step': 'livenessNotStep',
  'custom questions need the questions step': 'questionsNeedStep',
  'the questions step needs at least one question': 'questionsStepEmpty',
  'the documents step needs at least one document kind': 'documentsStepEmpty',
  'document kinds must be unique': 'documentKindsUnique',
  'question ids must be unique': 'questionIdsUnique',
  'choice questions need at least 2 options': 'choiceOptions',
  'only choice questions have options': 'noOptions',
  'option values must be unique': 'optionValuesUnique',
  'must be lower case letters, digits or _ (max 40)': 'slug',
  'must be a 3-letter country code': 'country',
};

/** Why: one word for zod's built-in issues (sizes, types), whose English text names the kind of value. */
export function errorKey(error: { type?: unknown; message?: unknown }): ErrorKey {
  const message = typeof error.message === 'string' ? error.message : '';
  const known = BY_MESSAGE[message];
  if (known) return known;
  const array = /\barray\b/.test(message);
  switch (error.type) {
    case 'too_small': return array ? 'tooFew' : 'required';
    case 'too_big': return array ? 'tooMany' : 'tooLong';
    case 'invalid_key': return 'language';
    default: return 'invalid';
  }
}

type Found = { type?: unknown; message?: unknown; root?: { type?: unknown; message?: unknown } };

/** Why: the error at a form path, whether set on the value itself or on a list's root. */
export function errorAt(errors: FieldErrors<CampaignFormValues>, path: string): { type?: unknown; message?: unknown } | undefined {
  const found = get(errors, path) as Found | undefined;
  if (!found) return undefined;
  if (typeof found.message === 'string') return found;
  return found.root && typeof found.root.message === 'string' ? found.root : undefined;
}

/**
 * Why: every part asks "what is wrong here, in words?" the same way. `as` replaces the generic
 * word for fields whose rule reads better as a range (threshold, number of files).
 */
export function useErrorText(): (path: string, as?: Extract<ErrorKey, 'threshold' | 'maxFiles'>) => string | undefined {
  const { t } = useTranslation('dashboard');
  const { errors } = useFormState<CampaignFormValues>();
  return (path, as) => {
    const error = errorAt(errors, path);
    if (!error) return undefined;
    const key = as ?? errorKey(error);
    return t(`campaigns.errors.${key}`, { max: DOCUMENT_MAX_FILES_LIMIT });
  };
}
