// What the document Worker does with each message, without the Worker around it (testable in
// Node): the live frame analysis with its memory of the previous frame and the auto-capture
// decider, and the still-photo finder.
import { analyseDocumentFrame } from '../../../vision/document/analyse-frame';
import { createAutoCapture } from '../../../vision/document/auto-capture';
import { findDocumentInPhoto } from '../../../vision/document/find-in-photo';
import type { GreyImage, NormPoint } from '../../../vision/document/types';
import type { DocumentWork, FromDocumentWorker } from './document-protocol';

export interface DocumentSession {
  handle(message: DocumentWork, toGrey: (bitmap: ImageBitmap) => GreyImage, now: () => number): FromDocumentWorker | null;
}

export function createDocumentSession(): DocumentSession {
  let previous: NormPoint[] | null = null;
  const auto = createAutoCapture();
  return {
    handle(message, toGrey, now) {
      if (message.type === 'reset') {
        previous = null;
        auto.reset();
        return null;
      }
      try {
        if (message.type === 'photo') {
          return { type: 'photo', id: message.id, finding: findDocumentInPhoto(toGrey(message.bitmap)) };
        }
        const t0 = now();
        const analysis = analyseDocumentFrame(toGrey(message.bitmap), message.guide, previous);
        previous = analysis.corners;
        const capture = auto.update(analysis.ready, message.atMs);
        return {
          type: 'frame', id: message.id, capture, analyseMs: Math.round((now() - t0) * 10) / 10,
          analysis: { hint: analysis.hint, corners: analysis.corners, ready: analysis.ready },
        };
      } catch (error) {
        return { type: 'error', id: message.id, message: error instanceof Error ? error.message : String(error) };
      } finally {
        message.bitmap.close?.();
      }
    },
  };
}
