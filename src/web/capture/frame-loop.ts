// Grabs video frames onto a 2D canvas at a capped rate and runs an analyser on them, one at a
// time. Owns no UI; a React hook starts/stops it and renders what `onResult` reports.
import { drawVideoFrame } from './video-frame';

export type FrameAnalyser<T> = (
  canvas: HTMLCanvasElement | OffscreenCanvas,
  timestampMs: number,
) => T | Promise<T>;

export interface FrameLoopStats {
  /** Frames analysed. */
  frames: number;
  /** Ticks skipped because the previous analysis was still running. */
  busySkips: number;
  /** Time of the last / mean / slowest analysis, ms (excludes the canvas copy). */
  lastMs: number;
  meanMs: number;
  maxMs: number;
  /** Mean time to copy the frame to the canvas, ms. */
  meanDrawMs: number;
}

export interface FrameLoopOptions<T> {
  video: HTMLVideoElement;
  analyse: FrameAnalyser<T>;
  onResult: (result: T, analyseMs: number) => void;
  onError?: (error: unknown) => void;
  /** Upper bound on analyses per second; 15 keeps a cheap phone cool and the UI smooth. */
  maxFps?: number;
  /**
   * Long edge (px) of the canvas copy. BlazeFace looks at 128×128 anyway; 640 keeps a small
   * face detectable while keeping the copy cheap.
   */
  maxLongEdge?: number;
  /** For analysers that read pixels back (frame quality). */
  willReadFrequently?: boolean;
  // Injection points for tests.
  canvas?: HTMLCanvasElement | OffscreenCanvas;
  requestFrame?: (callback: (timeMs: number) => void) => number;
  cancelFrame?: (id: number) => void;
  now?: () => number;
}

export interface FrameLoop {
  start(): void;
  stop(): void;
  readonly running: boolean;
  stats(): FrameLoopStats;
}

export const DEFAULT_MAX_FPS = 15;
export const DEFAULT_MAX_LONG_EDGE = 640;

export function createFrameLoop<T>(options: FrameLoopOptions<T>): FrameLoop {
  const maxFps = options.maxFps ?? DEFAULT_MAX_FPS;
  const minIntervalMs = 1000 / maxFps;
  const maxLongEdge = options.maxLongEdge ?? DEFAULT_MAX_LONG_EDGE;
  const requestFrame = options.requestFrame ?? ((cb) => requestAnimationFrame(cb));
  const cancelFrame = options.cancelFrame ?? ((id) => cancelAnimationFrame(id));
  const now = options.now ?? (() => performance.now());
  const canvas = options.canvas ?? document.createElement('canvas');

  let running = false;
  let busy = false;
  let frameId: number | null = null;
  // Bumped by stop() so a result that arrives after stop (or after a restart) is dropped.
  let generation = 0;
  let lastRunAt = -Infinity;
  const stats = { frames: 0, busySkips: 0, lastMs: 0, totalMs: 0, maxMs: 0, totalDrawMs: 0 };

  async function analyse(timestampMs: number, gen: number): Promise<void> {
    busy = true;
    try {
      const drawStart = now();
      if (!drawVideoFrame(options.video, canvas, maxLongEdge, options.willReadFrequently)) return;
      const start = now();
      const result = await options.analyse(canvas, timestampMs);
      const ms = now() - start;
      if (gen !== generation) return;
      stats.frames++;
      stats.lastMs = ms;
      stats.totalMs += ms;
      stats.maxMs = Math.max(stats.maxMs, ms);
      stats.totalDrawMs += start - drawStart;
      options.onResult(result, ms);
    } catch (error) {
      if (gen === generation) options.onError?.(error);
    } finally {
      if (gen === generation) busy = false;
    }
  }

  function tick(timeMs: number): void {
    if (!running) return;
    frameId = requestFrame(tick);
    // Small slack so a 60 Hz display does not alternate between 15 and 12 fps.
    if (timeMs - lastRunAt < minIntervalMs - 2) return;
    if (busy) {
      stats.busySkips++;
      return;
    }
    lastRunAt = timeMs;
    void analyse(timeMs, generation);
  }

  return {
    start() {
      if (running) return;
      running = true;
      lastRunAt = -Infinity;
      frameId = requestFrame(tick);
    },
    stop() {
      running = false;
      generation++;
      busy = false;
      if (frameId !== null) cancelFrame(frameId);
      frameId = null;
    },
    get running() {
      return running;
    },
    stats() {
      return {
        frames: stats.frames,
        busySkips: stats.busySkips,
        lastMs: stats.lastMs,
        meanMs: stats.frames ? stats.totalMs / stats.frames : 0,
        maxMs: stats.maxMs,
        meanDrawMs: stats.frames ? stats.totalDrawMs / stats.frames : 0,
      };
    },
  };
}
