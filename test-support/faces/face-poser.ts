import { closeEyes, type LidOptions } from '../../e2e/support/eyelids';
import { blinkVertices, buildFaceMesh, turnedVertices, widenedEyes } from '../../e2e/support/face-mesh';
import type { FacePose } from './face-liveness-plan';
import type { FramedFace } from './face-photo';
import { renderWarp } from '../../e2e/support/mesh-render';
import type { RgbImage } from '../images/rgb-image';

export interface PoserOptions {
  /**
   * Eyes opened wider by this × their opening in every open-eyed frame (see widenedEyes): with
   * this photo's narrow eyes the landmarker's shut-eye reading would otherwise sit too close to
   * the open one, and change with every small difference in scale. 0.8 keeps the blink's dip at
   * 0.7–0.8 of the open reading for faces 28–40 % of the frame wide.
   */
  widen?: number;
  lids?: LidOptions;
}

/**
 * Renders a framed face photo in any pose: the photo warped by its own landmark mesh (turned
 * about a vertical axis, eyes widened, lids pulled down as they close) and, while the eyes
 * close, the opening painted over with lid skin. The widening fades as the eyes close, so the
 * shut lid is painted over the eye's own shape and stays below the rim of the glasses.
 */
export function createFacePoser(face: FramedFace, { widen = 0.8, lids = {} }: PoserOptions = {}): (pose: FacePose) => RgbImage {
  const mesh = buildFaceMesh(face.points, face.image);
  return ({ yawDeg, closed }) => {
    const open = 1 - Math.min(1, Math.max(0, closed));
    const turned = turnedVertices(mesh, yawDeg, widenedEyes(mesh.rest, widen * open));
    const frame = renderWarp(face.image, mesh.rest, blinkVertices(turned, closed), mesh.triangles);
    closeEyes(frame, turned, closed, lids);
    return frame;
  };
}
