// What the document Worker does with each message, without the Worker around it (testable in
// Node): the live frame analysis with its memory of the previous frame, the other side already
// accepted (the back step waits for the card to be turned) and the auto-capture decider, and
// the still-photo finder.
import { analyseDocumentFrame } from '../../../vision/document/analyse-frame';
import { createAutoCapture } from '../../../vision/document/auto-capture';
import { matchSide, sideVerdict, type SideSignature } from '../../../vision/document/card-side';
import { findDocumentInPhoto } from '../../../vision/document/find-in-photo';
import { gateOtherSide, photoSide } from '../../../vision/document/side-gate';
import type { GreyImage, NormPoint } from '../../../vision/document/types';
import type { DocumentWork, FromDocumentWorker } from './document-protocol';

export interface DocumentSession {
  handle(message: DocumentWork, toGrey: (bitmap: ImageBitmap) => GreyImage, now: () => number): FromDocumentWorker | null;
}

export function createDocumentSession(): DocumentSession {
  let previous: NormPoint[] | null = null;
  let reference: SideSignature | null = null;
  const auto = createAutoCapture();

  /** Does the still in `grey` (card at `corners`) show the side of the `other` photo again? */
  function sameSideAs(other: ImageBitmap | undefined, grey: GreyImage, corners: NormPoint[] | null, toGrey: (b: ImageBitmap) => GreyImage) {
    const side = other && corners ? photoSide(toGrey(other)) : null;
    return side && corners ? sideVerdict(matchSide(side, grey, corners)) === 'same' : null;
  }

  return {
    handle(message, toGrey, now) {
      if (message.type === 'reset') {
        previous = null;
        auto.reset();
        return null;
      }
      if (message.type === 'reference') {
        try {
          // A front in which no card is found gives no reference: the server still compares.
          reference = message.bitmap ? photoSide(toGrey(message.bitmap)) : null;
        } catch {
          reference = null;
        } finally {
          message.bitmap?.close();
        }
        return null;
      }
      try {
        if (message.type === 'photo') {
          const grey = toGrey(message.bitmap);
          const finding = findDocumentInPhoto(grey);
          return { type: 'photo', id: message.id, finding, sameSide: sameSideAs(message.reference, grey, finding.corners, toGrey) };
        }
        const t0 = now();
        const grey = toGrey(message.bitmap);
        const found = analyseDocumentFrame(grey, message.guide, previous);
        previous = found.corners;
        const { analysis } = gateOtherSide(found, grey, reference);
        const capture = auto.update(analysis.ready, message.atMs);
        return {
          type: 'frame', id: message.id, capture, analyseMs: Math.round((now() - t0) * 10) / 10,
          analysis: { hint: analysis.hint, corners: analysis.corners, ready: analysis.ready },
        };
      } catch (error) {
        return { type: 'error', id: message.id, message: error instanceof Error ? error.message : String(error) };
      } finally {
        message.bitmap.close?.();
        if (message.type === 'photo') message.reference?.close?.();
      }
    },
  };
}
