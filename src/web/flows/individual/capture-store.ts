// Confirmed captures of this tab, kept in memory only (Blobs + object URLs, never storage), and
// their uploads, which start as soon as a photo is confirmed. No React: screens read it through
// useSyncExternalStore.
import type { HostedSession, MediaSlot } from '../../../contract/hosted-individual';
import type { LivenessResult } from '../../../contract/liveness';
import type { ApiErrorKind } from '../../api/errors';
import { HostedApiError } from '../../api/errors';
import type { UploadOptions } from '../../api/hosted-client';

export type UploadState =
  | { kind: 'uploading'; progress: number }
  | { kind: 'uploaded' }
  /** retryable: the network or server failed (try again); otherwise the photo must be retaken. */
  | { kind: 'failed'; error: ApiErrorKind; retryable: boolean };

/** A selfie taken with the liveness check travels with its evidence, in one upload. */
export interface LivenessUpload {
  result: LivenessResult;
  frames: Blob[];
}

export interface CaptureEntry {
  slot: MediaSlot;
  blob: Blob;
  liveness?: LivenessUpload;
  previewUrl: string;
  width: number;
  height: number;
  upload: UploadState;
}

export type CaptureSnapshot = Readonly<Partial<Record<MediaSlot, CaptureEntry>>>;

export interface CaptureStoreDeps {
  upload: (slot: MediaSlot, blob: Blob, options: UploadOptions, liveness?: LivenessUpload) => Promise<HostedSession>;
  onSession: (session: HostedSession) => void;
  /** Every final upload failure (e.g. to reload the session when the link was closed meanwhile). */
  onError?: (slot: MediaSlot, error: unknown) => void;
  createUrl?: (blob: Blob) => string;
  revokeUrl?: (url: string) => void;
}

export class CaptureStore {
  private snapshot: CaptureSnapshot = {};
  private readonly listeners = new Set<() => void>();
  private readonly aborts = new Map<MediaSlot, AbortController>();
  private readonly inflight = new Map<MediaSlot, Promise<void>>();
  private readonly createUrl: (blob: Blob) => string;
  private readonly revokeUrl: (url: string) => void;

  constructor(private readonly deps: CaptureStoreDeps) {
    this.createUrl = deps.createUrl ?? ((blob) => URL.createObjectURL(blob));
    this.revokeUrl = deps.revokeUrl ?? ((url) => URL.revokeObjectURL(url));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): CaptureSnapshot => this.snapshot;

  /** Keeps the photo for `slot` (replacing any earlier one) and starts uploading it. */
  confirm(slot: MediaSlot, blob: Blob, size: { width: number; height: number }, liveness?: LivenessUpload): void {
    this.discard(slot);
    this.set(slot, { slot, blob, liveness, previewUrl: this.createUrl(blob), ...size, upload: { kind: 'uploading', progress: 0 } });
    this.startUpload(slot);
  }

  /** Uploads again a photo whose upload failed for a reason that may pass. */
  retry(slot: MediaSlot): void {
    const entry = this.snapshot[slot];
    if (!entry || entry.upload.kind !== 'failed' || !entry.upload.retryable) return;
    this.patch(slot, { kind: 'uploading', progress: 0 });
    this.startUpload(slot);
  }

  retryAllFailed(): void {
    for (const slot of Object.keys(this.snapshot) as MediaSlot[]) this.retry(slot);
  }

  /** Forgets the photo: aborts its upload and frees its object URL. */
  discard(slot: MediaSlot): void {
    const entry = this.snapshot[slot];
    this.aborts.get(slot)?.abort();
    this.aborts.delete(slot);
    this.inflight.delete(slot);
    if (!entry) return;
    this.revokeUrl(entry.previewUrl);
    const { [slot]: _removed, ...rest } = this.snapshot;
    this.snapshot = rest;
    this.emit();
  }

  /** Resolves once no upload is running (whatever their outcome). */
  async settled(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight.values()]);
  }

  /** Bytes-weighted progress of the uploads of this tab, 0..1 (1 when there are none). */
  overallProgress(): number {
    let total = 0;
    let sent = 0;
    for (const entry of Object.values(this.snapshot)) {
      if (!entry) continue;
      total += entry.blob.size;
      if (entry.upload.kind === 'uploaded') sent += entry.blob.size;
      else if (entry.upload.kind === 'uploading') sent += entry.blob.size * entry.upload.progress;
    }
    return total === 0 ? 1 : sent / total;
  }

  dispose(): void {
    for (const slot of Object.keys(this.snapshot) as MediaSlot[]) this.discard(slot);
    this.listeners.clear();
  }

  private startUpload(slot: MediaSlot): void {
    const entry = this.snapshot[slot];
    if (!entry) return;
    const controller = new AbortController();
    this.aborts.set(slot, controller);
    const run = this.deps
      .upload(slot, entry.blob, {
        signal: controller.signal,
        onProgress: (progress) => {
          if (this.isCurrent(slot, entry, controller)) this.patch(slot, { kind: 'uploading', progress });
        },
      }, entry.liveness)
      .then(
        (session) => {
          if (!this.isCurrent(slot, entry, controller)) return;
          this.patch(slot, { kind: 'uploaded' });
          this.deps.onSession(session);
        },
        (error: unknown) => {
          if (!this.isCurrent(slot, entry, controller)) return;
          const kind = error instanceof HostedApiError ? error.kind : 'unknown';
          const retryable = error instanceof HostedApiError ? error.retryable : true;
          this.patch(slot, { kind: 'failed', error: kind, retryable });
          this.deps.onError?.(slot, error);
        },
      )
      .finally(() => {
        if (this.inflight.get(slot) === run) this.inflight.delete(slot);
      });
    this.inflight.set(slot, run);
  }

  /** A late answer for a replaced or discarded photo must not touch the current one. */
  private isCurrent(slot: MediaSlot, entry: CaptureEntry, controller: AbortController): boolean {
    return this.snapshot[slot]?.blob === entry.blob && this.aborts.get(slot) === controller && !controller.signal.aborted;
  }

  private set(slot: MediaSlot, entry: CaptureEntry): void {
    this.snapshot = { ...this.snapshot, [slot]: entry };
    this.emit();
  }

  private patch(slot: MediaSlot, upload: UploadState): void {
    const entry = this.snapshot[slot];
    if (entry) this.set(slot, { ...entry, upload });
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

/** Slots this tab holds a confirmed photo for (feeds the flow's step derivation). */
export function confirmedSlots(snapshot: CaptureSnapshot): Partial<Record<MediaSlot, boolean>> {
  const out: Partial<Record<MediaSlot, boolean>> = {};
  for (const slot of Object.keys(snapshot) as MediaSlot[]) out[slot] = true;
  return out;
}

/** Any upload still running, or failed. */
export function uploadSummary(snapshot: CaptureSnapshot): { uploading: number; failed: CaptureEntry[] } {
  const entries = Object.values(snapshot).filter((e): e is CaptureEntry => e !== undefined);
  return {
    uploading: entries.filter((e) => e.upload.kind === 'uploading').length,
    failed: entries.filter((e) => e.upload.kind === 'failed'),
  };
}
