import type { DocInfo } from '../../contract/document';
import type { StoredLiveness } from '../liveness/liveness-state';
import type { SessionAnalysis } from './analysis/session-analysis';
import type { AutomaticChecks } from '../../contract/automatic-checks';
import { recheckLiveness } from './liveness-recheck';
import { FACE_MATCH_MAX, FACE_MISMATCH_MIN } from './face-thresholds';
import { raiseSignals, type RiskInput } from './risk-signals';
import { documentDataOf } from './document-data';

export type DecisionsMode = 'auto' | 'review';


export interface RulesResult {
  outcome: 'successful' | 'failed' | 'review';
  /** The decision payload's reason when failed. */
  reason: string;
  /** Read from the MRZ: the fields its checks proved, '' for the others. */
  docInfo?: DocInfo;
  checks: AutomaticChecks;
}

/**
 * The automatic failures' sentences (decision webhooks carry them, customers match on them);
 * exported so the overview can count them as codes (analytics/reason-category.ts).
 */
export const FAILURE_SENTENCES = {
  face_mismatch: 'Face on the document does not match the selfie',
  document_expired: 'Document expired',
  liveness_no_motion: 'Liveness evidence shows no motion',
  liveness_other_person: 'Liveness evidence shows another person',
} as const;

/**
 * The automatic decision of a live session from its analysis. Clear failures (another person
 * with high confidence, an expired document, liveness evidence with no motion or another face)
 * fail; anything short of a clean pass goes to a specialist with the scores. `review` mode runs
 * the same rules but never decides alone. Risk signals (risk-signals.ts: expired document,
 * unconfirmed names, repeat identities, blocklist, age, liveness signals) fail or go to review as
 * the key's risk rules say; a signal set to `none` is only recorded in the checks.
 */
export function decideFromAnalysis(a: SessionAnalysis, liveness: StoredLiveness, mode: DecisionsMode, risk: RiskInput = {}): RulesResult {
  // A customer's own frames answer no challenge of ours: their labels say what they show.
  const actions = liveness.challenges.at(-1)?.actions
    ?? liveness.evidence.map((e) => e.label).filter((l) => l !== 'neutral' && l !== 'return');
  const server = recheckLiveness(a.evidence, actions);
  const failures: string[] = [];
  const doubts: string[] = [];

  if (a.faceDistance !== null && a.faceDistance >= FACE_MISMATCH_MIN) failures.push(FAILURE_SENTENCES.face_mismatch);
  else if (a.faceDistance !== null && a.faceDistance > FACE_MATCH_MAX) doubts.push(`face match uncertain (distance ${a.faceDistance})`);
  if (!a.selfie) doubts.push('no face found on the selfie');
  else if (a.selfie.faces > 1) doubts.push('more than one face on the selfie');
  if (!a.document) doubts.push('no face found on the document');

  const { mrz, barcode } = a;
  const doc = documentDataOf(a);
  const noData = doc.source === 'none' || doc.source === 'visual_zone';
  const barcodeMissing = noData && barcode?.expected === true && !barcode.decoded;
  const barcodeJunk = noData && barcode?.decoded === true && barcode.aamva?.ok === false;
  if (barcodeMissing) doubts.push('document data (barcode) could not be read: no PDF417 was decoded on the back');
  if (barcodeJunk && barcode?.aamva && !barcode.aamva.ok) doubts.push(`the back's barcode holds no licence data (${barcode.aamva.error}: ${barcode.aamva.detail})`);
  if (doc.source === 'visual_zone') doubts.push(`document data read from the visual zone only (${a.visualZone!.found.join(', ')}): no MRZ or barcode proves it, a specialist checks it`);
  else if (doc.source === 'none' && !barcodeMissing && !barcodeJunk) doubts.push('document data (MRZ) could not be read');
  else if (doc.source === 'mrz' && !mrz.valid) doubts.push(`MRZ read but not valid (check digits or malformed fields): ${(mrz.failedChecks ?? []).join(', ') || 'unknown'}${mrz.withheld?.length ? `; not taken: ${mrz.withheld.join(', ')}` : ''}`);
  const signals = raiseSignals(a, risk);
  for (const s of signals) {
    // The expired document keeps its reason of old (customers match on it).
    const text = s.signal === 'document_expired' ? FAILURE_SENTENCES.document_expired : `${s.signal}: ${s.detail}`;
    if (s.action === 'decline') failures.push(text);
    else if (s.action === 'review') doubts.push(text);
  }

  if (server.verdict === 'no_motion') failures.push(FAILURE_SENTENCES.liveness_no_motion);
  else if (server.verdict === 'other_person') failures.push(FAILURE_SENTENCES.liveness_other_person);
  else if (server.verdict === 'uncertain') doubts.push(`liveness re-check uncertain: ${server.notes.join('; ')}`);
  if (liveness.outcome !== 'passed') doubts.push(`liveness ${liveness.outcome}${liveness.reason ? `: ${liveness.reason}` : ''}`);
  // The light could not be measured (bright daylight, a face that does not react): never a silent pass.
  const light = liveness.checks.screenLight;
  if (liveness.outcome === 'passed' && light?.result === 'inconclusive') doubts.push(`screen_light_inconclusive: the screen's light on the face could not be measured (change ${light.amplitude})`);

  let outcome: RulesResult['outcome'] = failures.length ? 'failed' : doubts.length ? 'review' : 'successful';
  const reasons = failures.length ? failures : doubts;
  if (mode === 'review' && outcome !== 'review') reasons.push(`key asks for a specialist on every session (automatic outcome: ${outcome})`);
  if (mode === 'review') outcome = 'review';

  const checks: AutomaticChecks = {
    version: 1, outcome, reasons,
    faceMatch: {
      distance: a.faceDistance, matchMax: FACE_MATCH_MAX, mismatchMin: FACE_MISMATCH_MIN,
      selfieFaces: a.selfie?.faces ?? 0, documentFaces: a.document?.faces ?? 0, documentSide: a.document?.side ?? '',
    },
    liveness: {
      device: liveness.checks.device, server,
      ...(light ? { screenLight: { result: light.result, amplitude: light.amplitude, correlation: light.correlation } } : {}),
      ...(liveness.checks.cameraIntegrity ? { cameraIntegrity: liveness.checks.cameraIntegrity } : {}),
      failedAttempts: liveness.failedAttempts ?? [],
    },
    document: {
      mrz: !mrz.found ? 'unreadable' : mrz.valid ? 'valid' : 'invalid', format: mrz.format ?? '',
      failedChecks: mrz.failedChecks ?? [], withheldFields: mrz.withheld ?? [],
      expired: doc.source === 'barcode' ? doc.expired : mrz.found ? Boolean(mrz.expired) : null, side: doc.source === 'barcode' ? 'back' : mrz.side ?? '',
      nameConfirmed: doc.namesConfirmed, nameConfirmation: doc.source === 'none' ? 'no_mrz' : doc.nameConfirmation,
      ...(barcode || a.visualZone ? { source: doc.source } : {}),
      ...(barcode ? { barcode: barcodeChecks(barcode) } : {}),
      ...(a.visualZone ? { visualZoneFields: a.visualZone.found } : {}),
    },
    risk: { signals },
    durationMs: a.durationMs,
  };
  return {
    outcome, reason: failures.join('; '), checks,
    // A partly valid MRZ still gives the fields it proved (the others are '') to the specialist.
    ...(doc.docInfo ? { docInfo: doc.docInfo } : {}),
  };
}

/** The barcode's findings as the checks show them (no personal data beyond what docInfo holds: the address stays in the analysis). */
function barcodeChecks(b: NonNullable<SessionAnalysis['barcode']>): NonNullable<NonNullable<AutomaticChecks['document']>['barcode']> {
  const parsed = b.aamva?.ok ? b.aamva : null;
  return {
    expected: b.expected, decoded: b.decoded,
    payload: !b.decoded ? 'none' : parsed ? 'aamva' : 'malformed',
    ...(b.aamva && !b.aamva.ok ? { error: b.aamva.error, detail: b.aamva.detail } : {}),
    ...(parsed ? {
      version: parsed.version, iin: parsed.iin, jurisdiction: parsed.jurisdiction, country: parsed.country ?? '', subfile: parsed.subfile,
      truncatedFields: parsed.truncated, problems: parsed.problems,
    } : {}),
    ...(b.front ? { front: b.front.fields } : {}),
    via: b.via ?? '', tries: b.tries, ms: b.ms,
  };
}
