import { Worker } from 'node:worker_threads';
import type { WorkerRequest, WorkerResponse } from './analysis-protocol';
import type { SessionAnalysis, SessionMedia } from './session-analysis';

export interface AnalysisPool {
  analyse(media: SessionMedia): Promise<SessionAnalysis>;
  /** Loads the models now (ms taken), so the first decision does not pay for it. */
  warm(): Promise<number>;
  close(): Promise<void>;
}

type Pending = { resolve(r: WorkerResponse): void; reject(e: Error): void; timer: NodeJS.Timeout };

/**
 * One analysis worker thread, started on first use and restarted if it dies. The models
 * (~350 MB resident) live there so that the server's request thread never runs them.
 * A call that takes longer than `timeoutMs` fails; the job is retried by the runner.
 */
export function createAnalysisPool(opts: { timeoutMs?: number } = {}): AnalysisPool {
  const timeoutMs = opts.timeoutMs ?? 120_000;
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const failAll = (err: Error) => {
    for (const p of pending.values()) { clearTimeout(p.timer); p.reject(err); }
    pending.clear();
  };

  function started(): Worker {
    if (worker) return worker;
    const w = new Worker(new URL('./analysis-worker.mjs', import.meta.url));
    w.on('message', (res: WorkerResponse) => {
      const p = pending.get(res.id);
      if (!p) return;
      pending.delete(res.id);
      clearTimeout(p.timer);
      if (pending.size === 0) w.unref();
      p.resolve(res);
    });
    w.on('error', (err) => { worker = null; failAll(err); });
    w.on('exit', (code) => { if (worker === w) worker = null; failAll(new Error(`analysis worker exited (${code})`)); });
    // Idle, it must not keep the process alive (tests, CLI).
    w.unref();
    worker = w;
    return w;
  }

  function call(req: { kind: 'warm' } | { kind: 'analyse'; media: SessionMedia }): Promise<WorkerResponse> {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`analysis timed out after ${timeoutMs} ms`));
        // A stuck worker is replaced: the next call starts a fresh one.
        void worker?.terminate();
        worker = null;
      }, timeoutMs);
      pending.set(id, { resolve, reject, timer });
      const w = started();
      // Held while work is pending, so a caller awaiting it keeps the process up.
      w.ref();
      w.postMessage({ ...req, id } as WorkerRequest);
    });
  }

  return {
    async analyse(media) {
      const res = await call({ kind: 'analyse', media });
      if (!res.ok) throw new Error(res.error);
      return res.analysis!;
    },
    async warm() {
      const res = await call({ kind: 'warm' });
      if (!res.ok) throw new Error(res.error);
      return res.warmMs ?? 0;
    },
    async close() {
      const w = worker;
      worker = null;
      failAll(new Error('analysis pool closed'));
      await w?.terminate();
    },
  };
}
