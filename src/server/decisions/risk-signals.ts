// Which risk signals a session raises and what the key's rules do with each. Pure: the database
// search (identity/identity-marks.ts) hands its matches in.
import type { VerificationId } from '../../contract/ids';
import { effectiveRiskRules, type RaisedSignal, type RiskAction, type RiskRules, type RiskSignal } from '../../contract/risk-rules';
import type { SessionAnalysis } from './analysis/session-analysis';
import { documentDataOf } from './document-data';

/** A match found across the organisation's verifications or lists. */
export interface RepeatMatch {
  signal: 'duplicate_face' | 'reused_document' | 'blocklist_hit';
  detail: string;
  matchVerificationId?: VerificationId;
  distance?: number;
  listEntryId?: string;
  /** The match rests on data nothing proved (a number read from the print): it asks for review, never declines. */
  unproven?: boolean;
}

/**
 * Liveness signals produced by the liveness checks (screen light, camera integrity, the tries'
 * trace). All optional: a session recorded before them, or without them, raises none.
 */
export interface LivenessRiskInput {
  cameraIntegrity?: { suspected?: boolean; reasons?: string[] };
  screenLight?: { result?: 'passed' | 'failed' | 'inconclusive' | string };
  /** Failed liveness tries before the outcome, over every round. */
  failedAttempts?: number;
}

export interface RiskInput {
  /** The key's overrides (the others keep DEFAULT_RISK_RULES). */
  rules?: RiskRules | null;
  /** Years; null or absent: no minimum. */
  minimumAge?: number | null;
  matches?: RepeatMatch[];
  liveness?: LivenessRiskInput;
  /** UTC date ages are counted at (YYYY-MM-DD). */
  today?: string;
  /** Screening hits not found false (screening/screen-subject.ts amlSignals). */
  screening?: { signal: 'sanctions_hit' | 'pep_hit'; detail: string; hitId: string }[];
}

/** Failed tries tolerated before `liveness_retries`: one round of three, as an honest person may need. */
export const LIVENESS_RETRIES_TOLERATED = 3;

const order: Record<RiskAction, number> = { none: 0, review: 1, decline: 2 };
/** A signal that only suggests (unknown age, unmeasurable light) never declines on its own. */
const atMost = (a: RiskAction, cap: RiskAction): RiskAction => (order[a] > order[cap] ? cap : a);

/** Whole years from `dob` to `today` (both YYYY-MM-DD); null when either is not a date. */
export function ageOn(dob: string, today: string): number | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob);
  const t = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
  if (!d || !t) return null;
  const years = Number(t[1]) - Number(d[1]);
  const beforeBirthday = Number(t[2]) * 100 + Number(t[3]) < Number(d[2]) * 100 + Number(d[3]);
  return years - (beforeBirthday ? 1 : 0);
}

/** Every signal the session raises, each with the action the key's rules take. */
export function raiseSignals(a: SessionAnalysis, input: RiskInput = {}): RaisedSignal[] {
  const rules = effectiveRiskRules(input.rules);
  const out: RaisedSignal[] = [];
  const raise = (signal: RiskSignal, detail: string, extra: Partial<RaisedSignal> = {}, cap: RiskAction = 'decline') => {
    out.push({ signal, action: atMost(rules[signal], cap), detail, ...extra });
  };
  const doc = documentDataOf(a);
  if (doc.valid && doc.expired) raise('document_expired', 'the document has expired');
  // Check digits prove numbers and dates, never names; a barcode proves only what it holds, and anyone can print one.
  if (doc.source === 'mrz' && !doc.namesConfirmed) raise('name_unconfirmed', `the MRZ names were not confirmed (${doc.nameConfirmation})`);
  if (doc.source === 'barcode' && doc.mismatched.length) raise('document_data_mismatch', `the front prints other data than the barcode holds: ${doc.mismatched.join(', ')}`);
  else if (doc.source === 'barcode' && !doc.namesConfirmed) raise('name_unconfirmed', 'the barcode\'s names and date of birth were not found printed on the front (front_unread)');
  if (input.minimumAge != null) {
    // A birth date read from the print alone proves nothing: it never declines (unknown: review).
    const dob = doc.source === 'visual_zone' ? '' : doc.docInfo?.dob;
    const age = dob && input.today ? ageOn(dob, input.today) : null;
    if (age === null) raise('minimum_age', `the date of birth could not be read, the key asks for ${input.minimumAge}+`, {}, 'review');
    else if (age < input.minimumAge) raise('minimum_age', `age ${age} on the document's date of birth, the key asks for ${input.minimumAge}+`);
  }
  const l = input.liveness ?? {};
  if (l.screenLight?.result === 'failed') raise('puppet_suspected', 'the face did not follow the screen\'s light');
  else if (l.screenLight?.result === 'inconclusive') raise('puppet_suspected', 'the screen\'s light could not be measured on the face (inconclusive)', {}, 'review');
  if (l.cameraIntegrity?.suspected) raise('injected_camera', `the camera looks injected${l.cameraIntegrity.reasons?.length ? `: ${l.cameraIntegrity.reasons.join(', ')}` : ''}`);
  if ((l.failedAttempts ?? 0) > LIVENESS_RETRIES_TOLERATED) raise('liveness_retries', `${l.failedAttempts} failed liveness tries before this one (${LIVENESS_RETRIES_TOLERATED} tolerated)`);
  for (const m of input.matches ?? []) {
    const { signal, detail, unproven, ...extra } = m;
    raise(signal, detail, extra, unproven ? 'review' : 'decline');
  }
  for (const h of input.screening ?? []) raise(h.signal, h.detail, { hitId: h.hitId });
  return out;
}

/** Reads the liveness signals from the stored liveness state (fields the liveness checks add). */
/** The camera's integrity signals (`signals` as the liveness record names them; `reasons` accepted too). */
function reasonsOf(camera: object): { reasons?: string[] } {
  const c = camera as { signals?: unknown; reasons?: unknown };
  const list = Array.isArray(c.signals) ? c.signals : Array.isArray(c.reasons) ? c.reasons : null;
  return list ? { reasons: list.map(String) } : {};
}

export function livenessRiskInputOf(liveness: unknown): LivenessRiskInput {
  const l = (liveness ?? {}) as { checks?: Record<string, unknown>; failedAttempts?: unknown; failedTries?: unknown };
  const checks = l.checks ?? {};
  const camera = checks.cameraIntegrity as LivenessRiskInput['cameraIntegrity'] | undefined;
  const light = checks.screenLight as LivenessRiskInput['screenLight'] | undefined;
  // The liveness record keeps every failed try (`failedAttempts: [{ at, reason, round, attempt }]`).
  const failed = Array.isArray(l.failedAttempts) ? l.failedAttempts.length
    : typeof l.failedAttempts === 'number' ? l.failedAttempts : Array.isArray(l.failedTries) ? l.failedTries.length : undefined;
  return {
    ...(camera && typeof camera === 'object' ? { cameraIntegrity: { suspected: camera.suspected === true, ...reasonsOf(camera) } } : {}),
    ...(light && typeof light === 'object' && typeof light.result === 'string' ? { screenLight: { result: light.result } } : {}),
    ...(failed !== undefined ? { failedAttempts: failed } : {}),
  };
}
