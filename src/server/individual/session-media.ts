import type { LivenessFrameLabel } from '../../contract/liveness';
import { livenessOfRow } from '../liveness/liveness-state';
import type { MediaStorage } from '../media/storage';
import type { VerificationRow } from './record';
import type { SessionMedia } from '../decisions/analysis/session-analysis';

/** Reads a session's captures and liveness evidence (but its screen-light frames) from storage for the analysis worker. */
export async function loadSessionMedia(storage: MediaStorage, row: Pick<VerificationRow, 'media' | 'liveness' | 'docType' | 'issuingState'>, now: Date): Promise<SessionMedia> {
  const get = async (key: string | undefined) => (key ? storage.get(key) : null);
  const media = row.media as { selfie?: string; front?: string; back?: string };
  const evidence: { label: LivenessFrameLabel; data: Uint8Array }[] = [];
  for (const e of livenessOfRow(row.liveness).evidence) {
    // Screen-light frames are judged on their colour when answered (liveness/evidence-verdict.ts);
    // the face analysis reads the pose frames only (a tinted face is no better for matching, and
    // four more frames would slow every decision).
    if (e.label === 'light') continue;
    const data = await storage.get(e.key);
    if (data) evidence.push({ label: e.label, data });
  }
  return {
    selfie: await get(media.selfie), front: await get(media.front), back: await get(media.back),
    evidence, today: now.toISOString().slice(0, 10), document: { type: row.docType, country: row.issuingState },
  };
}
