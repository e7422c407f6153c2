import type { SessionAnalysis, SessionMedia } from './session-analysis';

export type WorkerRequest =
  | { id: number; kind: 'warm' }
  | { id: number; kind: 'analyse'; media: SessionMedia };

export type WorkerResponse =
  | { id: number; ok: true; analysis?: SessionAnalysis; warmMs?: number }
  | { id: number; ok: false; error: string };
