import { overviewReasonCodes, type OverviewReasonCode } from '../../contract/overview';
import { DEFAULT_FAILED_REASON, RESUBMISSION_LIMIT_REASON } from '../../contract/statuses';
import { FAILURE_SENTENCES } from '../decisions/rules';

const CODES: ReadonlySet<string> = new Set(overviewReasonCodes);
const SENTENCES: ReadonlyMap<string, OverviewReasonCode> = new Map<string, OverviewReasonCode>([
  ...Object.entries(FAILURE_SENTENCES).map(([code, text]) => [text.toLowerCase(), code as OverviewReasonCode] as const),
  [RESUBMISSION_LIMIT_REASON.toLowerCase(), 'resubmission_limit'],
  [DEFAULT_FAILED_REASON.toLowerCase(), 'unspecified'],
]);
// An automatic reason starts with its code: `sanctions_hit: <who> ~ <listed entity> …`.
const CODE_PREFIX = /^([a-z]+(?:_[a-z]+)+)(?::|$)/;

/**
 * Why: the overview counts reasons by code so that no person's data reaches its counters (they
 * outlive the session's redaction and every role reads them). A decision's reason is split at
 * `; ` (the rules join their failures so); each part is an automatic check's code or sentence,
 * or `other` (a reviewer's or the customer's own words, whatever they say). Distinct, in order.
 */
export function reasonCategories(reason: string): OverviewReasonCode[] {
  const out: OverviewReasonCode[] = [];
  for (const raw of reason.split(';')) {
    const part = raw.trim();
    if (!part) continue;
    const prefixed = CODE_PREFIX.exec(part)?.[1];
    const code = SENTENCES.get(part.replace(/\.$/, '').toLowerCase()) ?? (prefixed && CODES.has(prefixed) ? prefixed as OverviewReasonCode : 'other');
    if (!out.includes(code)) out.push(code);
  }
  return out;
}
