// Where a session's document data comes from: the MRZ (passports, most ID cards) or the AAMVA
// barcode (US and Canadian licences and ID cards). One answer for the rules, the risk signals
// and the repeat-identity digests, so none of them reads one source and forgets the other.
import type { DocInfo } from '../../contract/document';
import type { SessionAnalysis } from './analysis/session-analysis';

/** The front fields a licence must print as its barcode holds them before it can be approved. */
const MUST_AGREE = ['lastName', 'firstName', 'dob'] as const;

export interface DocumentData {
  /** `visual_zone`: only the front's labelled print was read: a prefill, never valid. */
  source: 'mrz' | 'barcode' | 'visual_zone' | 'none';
  /** What the source proved (an MRZ's fields whose checks held; a barcode's decoded fields). */
  docInfo?: DocInfo;
  /** The data is whole and checked: every MRZ check digit holds, or the barcode parsed as AAMVA. */
  valid: boolean;
  expired: boolean;
  /** Names confirmed by a second, independent source (the visual zone, or a second MRZ read). */
  namesConfirmed: boolean;
  /** How (confirm-names' codes; `front_agrees`, `front_unread`, `front_differs` for a barcode). */
  nameConfirmation: string;
  /** Front fields printed otherwise than the barcode holds them (a barcode source only). */
  mismatched: string[];
}

/**
 * The barcode wins where the chosen document carries one (a licence), or where no MRZ was
 * found; the MRZ otherwise. A barcode that decoded but is no AAMVA payload proves nothing.
 */
export function documentDataOf(a: SessionAnalysis): DocumentData {
  const { mrz, barcode } = a;
  const fromBarcode = barcode?.decoded && barcode.aamva?.ok && barcode.docInfo ? barcode : null;
  if (fromBarcode && (fromBarcode.expected || !mrz.found)) {
    const fields = fromBarcode.front?.fields ?? {};
    const mismatched = Object.entries(fields).filter(([, v]) => v === 'differs').map(([f]) => f);
    const confirmed = MUST_AGREE.every((f) => fields[f] === 'agrees');
    return {
      source: 'barcode', docInfo: fromBarcode.docInfo, valid: true, expired: fromBarcode.expired === true,
      namesConfirmed: confirmed && mismatched.length === 0,
      nameConfirmation: mismatched.length ? 'front_differs' : confirmed ? 'front_agrees' : 'front_unread',
      mismatched,
    };
  }
  if (mrz.found) {
    return {
      source: 'mrz', ...(mrz.docInfo ? { docInfo: mrz.docInfo } : {}), valid: mrz.valid === true, expired: mrz.valid === true && mrz.expired === true,
      namesConfirmed: mrz.nameConfirmed === true, nameConfirmation: mrz.nameConfirmation ?? 'not_checked', mismatched: [],
    };
  }
  if (a.visualZone) {
    return { source: 'visual_zone', docInfo: a.visualZone.docInfo, valid: false, expired: false, namesConfirmed: false, nameConfirmation: 'visual_zone_only', mismatched: [] };
  }
  return { source: 'none', valid: false, expired: false, namesConfirmed: false, nameConfirmation: 'no_mrz', mismatched: [] };
}
