import sharp from 'sharp';
import type { FacePose } from './face-liveness-plan';
import { frameFace } from './face-photo';
import { createFacePoser } from './face-poser';

/**
 * Still evidence frames of the fixture face in given poses (the same mesh warp as the liveness
 * clip), as JPEGs: what a customer's own capture app would upload as liveness frames. 640x480.
 */
export async function renderPoseFrames(photo: string, poses: FacePose[], landmarks = photo.replace(/\.[a-z]+$/i, '.landmarks.json')): Promise<Buffer[]> {
  const face = await frameFace(photo, landmarks, { width: 640, height: 480 });
  const pose = createFacePoser(face);
  return Promise.all(poses.map((p) => {
    const img = pose(p);
    return sharp(Buffer.from(img.data), { raw: { width: img.width, height: img.height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
  }));
}
