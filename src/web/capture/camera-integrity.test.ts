import { describe, expect, it } from 'vitest';
import { integritySignals, timingTooRegular, type TrackFacts } from './camera-integrity';

const phone: TrackFacts = { label: 'camera2 1, facing front', deviceId: 'd1', groupId: 'g1', frameRate: 30, fromCanvas: false, getUserMediaNative: true };
/** 30 fps with a phone's jitter (±0.5–2 ms). */
const jittered = Array.from({ length: 40 }, (_, i) => 33.3 + Math.sin(i * 1.7) * 1.5);
const machine = Array.from({ length: 40 }, () => 33.333);

describe('camera integrity signals', () => {
  it('sees nothing on a real front camera', () => {
    expect(integritySignals(phone, jittered)).toEqual([]);
  });

  it('names virtual cameras by their labels (OBS, ManyCam, Chromium\'s fake device)', () => {
    for (const label of ['OBS Virtual Camera', 'ManyCam Virtual Webcam', 'fake_device_0', 'Snap Camera', 'DroidCam Source 3', '/tmp/feeds/face-liveness.mjpeg', 'clip.y4m']) {
      expect(integritySignals({ ...phone, label }, jittered), label).toContain('virtual_camera_label');
    }
    expect(integritySignals({ ...phone, label: 'Integrated Webcam (0bda:5538)' }, jittered)).toEqual([]);
  });

  it('flags a canvas stream from a replaced getUserMedia, as the e2e camera is', () => {
    const canvas: TrackFacts = { label: '', deviceId: '', groupId: '', frameRate: null, fromCanvas: true, getUserMediaNative: false };
    expect(integritySignals(canvas, machine).sort()).toEqual(['canvas_capture', 'frame_timing_regular', 'getusermedia_replaced', 'no_device_label', 'track_settings_unusual']);
  });

  it('flags settings no camera reports', () => {
    expect(integritySignals({ ...phone, frameRate: 1000 }, jittered)).toEqual(['track_settings_unusual']);
    expect(integritySignals({ ...phone, groupId: '' }, jittered)).toEqual(['track_settings_unusual']);
  });

  it('calls timing too regular only with enough frames and almost no jitter', () => {
    expect(timingTooRegular(machine)).toBe(true);
    expect(timingTooRegular(jittered)).toBe(false);
    expect(timingTooRegular(machine.slice(0, 10))).toBe(false);
  });
});
