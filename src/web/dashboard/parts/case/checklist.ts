import type { AutomaticChecks } from '../../../../contract/automatic-checks';

/** pass: nothing to do; fail: the check says no; look: a person must decide (the case came for it). */
export type CheckState = 'pass' | 'fail' | 'look';

/** One line of the case's checklist: which check (an i18n key under `checklist.`), its state, its evidence (figures and codes as measured). */
export interface ChecklistItem { check: 'face' | 'liveness' | 'screenLight' | 'document' | 'names' | 'expiry' | 'screening' | 'risk'; state: CheckState; evidence: string; signal?: string }

const ACTION_STATE: Record<string, CheckState> = { decline: 'fail', review: 'look', none: 'pass' };

/**
 * The automatic checks as a list a reviewer reads top to bottom, each pass, fail or needs a look,
 * with its evidence: what the machine reasons (`checks.reasons`) say, one check at a time. Pure,
 * so the case view and its tests read the same verdicts.
 */
export function checklistOf(c: AutomaticChecks, openHits: number): ChecklistItem[] {
  const out: ChecklistItem[] = [];
  if (c.faceMatch) {
    const f = c.faceMatch;
    const state: CheckState = f.distance === null ? 'fail' : f.distance <= f.matchMax ? 'pass' : f.distance >= f.mismatchMin ? 'fail' : 'look';
    out.push({ check: 'face', state, evidence: f.distance === null ? `faces: selfie ${f.selfieFaces}, document ${f.documentFaces}` : `${f.distance.toFixed(2)} (≤ ${f.matchMax.toFixed(2)} same person, ≥ ${f.mismatchMin.toFixed(2)} another)` });
  }
  if (c.liveness) {
    const v = c.liveness.server.verdict;
    out.push({ check: 'liveness', state: v === 'passed' ? 'pass' : v === 'uncertain' ? 'look' : 'fail', evidence: `${c.liveness.device} / ${v}${c.liveness.server.notes.length ? `: ${c.liveness.server.notes.join(', ')}` : ''}` });
    const light = c.liveness.screenLight;
    if (light) out.push({ check: 'screenLight', state: light.result === 'passed' ? 'pass' : light.result === 'failed' ? 'fail' : 'look', evidence: `${light.result} (amplitude ${light.amplitude.toFixed(2)}, correlation ${light.correlation.toFixed(2)})` });
  }
  if (c.document) {
    const d = c.document;
    const source = d.source ?? (d.mrz === 'unreadable' ? 'none' : 'mrz');
    const read = source === 'barcode' ? d.barcode?.payload === 'aamva' : source === 'mrz' && d.mrz === 'valid';
    out.push({ check: 'document', state: read ? 'pass' : 'look', evidence: `${source}: ${source === 'barcode' ? d.barcode?.payload ?? 'none' : d.mrz}${d.failedChecks.length ? ` (${d.failedChecks.join(', ')})` : ''}` });
    if (d.nameConfirmed !== undefined) out.push({ check: 'names', state: d.nameConfirmed ? 'pass' : 'look', evidence: d.nameConfirmation ?? '' });
    if (d.expired !== null) out.push({ check: 'expiry', state: d.expired ? 'fail' : 'pass', evidence: d.expired ? 'expired' : 'in date' });
  }
  if (c.aml) out.push({ check: 'screening', state: openHits > 0 ? 'look' : 'pass', evidence: `${c.aml.lists.length} lists, ${openHits} open hits` });
  for (const s of c.risk?.signals ?? []) {
    if (s.signal === 'sanctions_hit' || s.signal === 'pep_hit') continue;
    out.push({ check: 'risk', signal: s.signal, state: ACTION_STATE[s.action] ?? 'look', evidence: s.detail });
  }
  return out;
}
