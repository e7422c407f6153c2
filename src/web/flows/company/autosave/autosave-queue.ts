// Debounced, ordered, retrying autosave of draft sections. No React, no DOM: a hook wraps it.
// Invariants: at most one save in flight (so an older body never lands after a newer one);
// the newest data of each section wins; nothing is dropped on failure (the pending map keeps it
// until a save of that exact version succeeds).

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'retrying' | 'failed';

/** One PATCH of the draft: a section's whole data, where the person is, and/or their consent. */
export interface DraftSave<S extends string = string> {
  section?: S;
  data?: unknown;
  /** Omitted until the flow has told the queue where the person is. */
  currentStep?: number;
  /** Sent with the next save after `consent()`, until a save carrying it succeeds. */
  consent?: true;
}

/**
 * What a failed save means:
 * - retry: network error, 5xx, 429: try again later, keep the data;
 * - fatal: the link stopped working (401, closed, not found): stop, let the page react;
 * - reject: the server refused the body (400): retrying the same body cannot help.
 */
export type SaveFailure = 'retry' | 'fatal' | 'reject';

export interface AutosaveOptions<S extends string> {
  save: (body: DraftSave<S>) => Promise<void>;
  classify: (error: unknown) => SaveFailure;
  onStatus: (status: SaveStatus) => void;
  onFatal?: (error: unknown) => void;
  /** Quiet time after the last keystroke before saving, ms. */
  debounceMs?: number;
  /** Waits between retries, ms; the last one repeats for as long as the page is open. */
  retryDelaysMs?: readonly number[];
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export const AUTOSAVE_DEBOUNCE_MS = 800;
export const AUTOSAVE_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 15000, 30000] as const;

export interface AutosaveQueue<S extends string> {
  /** Debounced save of one section's whole data. */
  schedule(section: S, data: unknown): void;
  /** Records where the person is; sent with the next save (flush sends it on its own if needed). */
  setStep(step: number): void;
  /** Records the person's consent; sent like a step change, once, with retries until it lands. */
  consent(): void;
  /** Saves everything pending now; resolves true when all of it reached the server. */
  flush(): Promise<boolean>;
  /** Latest status (also reported through onStatus). */
  readonly status: SaveStatus;
  /** True while some typed data has not reached the server yet. */
  readonly dirty: boolean;
  dispose(): void;
}

export function createAutosaveQueue<S extends string>(options: AutosaveOptions<S>): AutosaveQueue<S> {
  const debounceMs = options.debounceMs ?? AUTOSAVE_DEBOUNCE_MS;
  const retryDelays = options.retryDelaysMs ?? AUTOSAVE_RETRY_DELAYS_MS;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));

  // Newest unsaved body per section, in first-touched order; `version` tells a save that
  // completed for an older body from one that covers the newest.
  const pending = new Map<S, { data: unknown; version: number }>();
  let step: number | null = null;
  // Last step the server has; a step change alone is sent when no section is pending.
  let savedStep: number | null = null;
  // Consent given here and not yet acknowledged by the server.
  let consentPending = false;
  let version = 0;
  let timer: unknown = null;
  let inFlight: Promise<void> | null = null;
  let failures = 0;
  let status: SaveStatus = 'idle';
  let stopped = false;
  // The server refused a body since the last keystroke: stay 'failed' until the next change.
  let rejected = false;
  let waiters: Array<(ok: boolean) => void> = [];

  function setStatus(next: SaveStatus): void {
    if (status === next) return;
    status = next;
    options.onStatus(next);
  }

  function cancelTimer(): void {
    if (timer !== null) clearTimer(timer);
    timer = null;
  }

  function settleWaiters(ok: boolean): void {
    const list = waiters;
    waiters = [];
    for (const resolve of list) resolve(ok);
  }

  function arm(ms: number): void {
    cancelTimer();
    timer = setTimer(() => {
      timer = null;
      void drain();
    }, ms);
  }

  async function drain(): Promise<void> {
    if (inFlight || stopped) return;
    const next = pending.entries().next();
    const stepOnly = next.done && ((step !== null && step !== savedStep) || consentPending);
    if (next.done && !stepOnly) {
      setStatus(rejected ? 'failed' : 'saved');
      settleWaiters(!rejected);
      return;
    }
    const sentStep = step;
    const sentConsent = consentPending;
    const section = next.done ? null : next.value[0];
    const entry = next.done ? null : next.value[1];
    const body: DraftSave<S> = section !== null && entry ? { section, data: entry.data } : {};
    if (sentStep !== null) body.currentStep = sentStep;
    if (sentConsent) body.consent = true;
    setStatus(failures > 0 ? 'retrying' : 'saving');
    inFlight = (async () => {
      try {
        await options.save(body);
        failures = 0;
        savedStep = sentStep;
        if (sentConsent) consentPending = false;
        if (section !== null && pending.get(section)?.version === entry?.version) pending.delete(section);
      } catch (error) {
        const kind = options.classify(error);
        if (kind === 'fatal') {
          stopped = true;
          setStatus('failed');
          settleWaiters(false);
          options.onFatal?.(error);
          return;
        }
        if (kind === 'reject') {
          // The server answered: whatever else is pending goes on at once, not after a backoff.
          failures = 0;
          // Keep the typed data in memory (the form still holds it) but stop sending this body.
          if (section !== null && pending.get(section)?.version === entry?.version) pending.delete(section);
          // A refused step-only body is not resent either (a refused section resends the
          // consent on its own next).
          if (section === null) {
            savedStep = sentStep;
            if (sentConsent) consentPending = false;
          }
          rejected = true;
          setStatus('failed');
          return;
        }
        const delay = retryDelays[Math.min(failures, retryDelays.length - 1)] ?? 30000;
        failures++;
        setStatus('retrying');
        settleWaiters(false);
        arm(delay);
      }
    })();
    await inFlight;
    inFlight = null;
    if (stopped) return;
    if (failures === 0 && timer === null) {
      // A keystroke during the save re-armed the debounce; otherwise continue with the rest.
      void drain();
    }
  }

  return {
    schedule(section, data) {
      if (stopped) return;
      pending.set(section, { data, version: ++version });
      rejected = false;
      setStatus(failures > 0 ? 'retrying' : 'pending');
      if (failures === 0) arm(debounceMs);
    },
    setStep(next) {
      step = next;
    },
    consent() {
      if (!stopped) consentPending = true;
    },
    flush() {
      if (stopped) return Promise.resolve(false);
      if (pending.size === 0 && !inFlight && !consentPending && (step === null || step === savedStep)) return Promise.resolve(true);
      const done = new Promise<boolean>((resolve) => waiters.push(resolve));
      cancelTimer();
      failures = 0;
      void drain();
      return done;
    },
    get status() {
      return status;
    },
    get dirty() {
      return pending.size > 0 || consentPending || (step !== null && step !== savedStep);
    },
    dispose() {
      stopped = true;
      cancelTimer();
      settleWaiters(false);
    },
  };
}
