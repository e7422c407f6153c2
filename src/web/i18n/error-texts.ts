import englishCommon from './locales/en/common.json';

type ApiCode = keyof (typeof englishCommon)['errors']['api'];
type TitleKey = 'errors.networkTitle' | 'errors.busyTitle' | 'errors.genericTitle';
type BodyKey = 'errors.networkBody' | 'errors.genericBody' | `errors.api.${ApiCode}`;

// English `common` is in the entry bundle already (the fallback texts): its keys are the codes
// that have their own message.
const API_CODES: ReadonlySet<string> = new Set(Object.keys(englishCommon.errors.api));

function isApiCode(kind: string): kind is ApiCode {
  return API_CODES.has(kind);
}

/**
 * The `common` keys that tell a person what a failed request means and what to do: the
 * server's error code when it has its own message (the envelope's `message` is English and for
 * developers), the network when it never answered, a generic "not your fault" otherwise.
 */
export function errorTextKeys(kind: string): { title: TitleKey; body: BodyKey } {
  if (kind === 'network' || kind === 'timeout') return { title: 'errors.networkTitle', body: 'errors.networkBody' };
  if (kind === 'rate_limited') return { title: 'errors.busyTitle', body: 'errors.api.rate_limited' };
  return { title: 'errors.genericTitle', body: isApiCode(kind) ? `errors.api.${kind}` : 'errors.genericBody' };
}
