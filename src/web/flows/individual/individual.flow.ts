// The individual flow as data: which steps exist, in what order, which apply, and where a
// person should be given what the server says is done. Pure: no React, no DOM, no fetch.
import type { HostedSession, MediaSlot } from '../../../contract/hosted-individual';
import { docTypeHasBack, type DocType } from '../../../contract/document-types';

export const STEP_IDS = [
  'welcome', 'document', 'document-front', 'document-back', 'selfie', 'review', 'submitting', 'done',
] as const;
export type StepId = (typeof STEP_IDS)[number];

/** What the flow needs to know; built from the server's session plus this tab's own progress. */
export interface FlowState {
  phase: HostedSession['phase'];
  docType: DocType | null;
  /** Null until a document type is chosen. */
  needsBack: boolean | null;
  /** Per slot: the server has it, or this tab holds a confirmed capture (uploading or uploaded). */
  captured: Record<MediaSlot, boolean>;
  resubmission: boolean;
}

export interface StepDef {
  id: StepId;
  /** Position in "Step n of PROGRESS_TOTAL"; null for steps outside the count. */
  progress: number | null;
  /** The capture slot this step fills. */
  slot: MediaSlot | null;
  applies: (s: FlowState) => boolean;
  /** True once the server (or a confirmed local capture) has what this step asks for. */
  done: (s: FlowState) => boolean;
}

export const PROGRESS_TOTAL = 4;

const always = () => true;
const never = () => false;

export const STEPS: readonly StepDef[] = [
  { id: 'welcome', progress: null, slot: null, applies: always, done: (s) => s.phase !== 'welcome' },
  { id: 'document', progress: 1, slot: null, applies: always, done: (s) => s.docType !== null },
  {
    id: 'document-front', progress: 2, slot: 'document-front', applies: always,
    done: (s) => s.captured['document-front'],
  },
  {
    id: 'document-back', progress: 2, slot: 'document-back', applies: (s) => hasBack(s),
    done: (s) => s.captured['document-back'],
  },
  { id: 'selfie', progress: 3, slot: 'selfie', applies: always, done: (s) => s.captured.selfie },
  { id: 'review', progress: 4, slot: null, applies: always, done: never },
  { id: 'submitting', progress: null, slot: null, applies: always, done: never },
  { id: 'done', progress: null, slot: null, applies: always, done: never },
];

/** The server's answer wins; before it knows the document, our own table decides. */
export function hasBack(s: FlowState): boolean {
  if (s.needsBack !== null) return s.needsBack;
  return s.docType !== null && docTypeHasBack[s.docType];
}

export function isStepId(value: string | null | undefined): value is StepId {
  return value !== null && value !== undefined && (STEP_IDS as readonly string[]).includes(value);
}

export function stepDef(id: StepId): StepDef {
  const def = STEPS.find((s) => s.id === id);
  if (!def) throw new Error(`unknown step ${id}`);
  return def;
}

/** Slots this tab has confirmed (uploading, uploaded or failed: the review screen handles those). */
export type LocalCaptures = Partial<Record<MediaSlot, boolean>>;

export function flowStateFrom(session: HostedSession, local: LocalCaptures = {}): FlowState {
  return {
    phase: session.phase,
    docType: session.document?.type ?? null,
    needsBack: session.needsBack,
    captured: {
      'document-front': session.captured.documentFront || local['document-front'] === true,
      'document-back': session.captured.documentBack || local['document-back'] === true,
      selfie: session.captured.selfie || local.selfie === true,
    },
    resubmission: session.resubmissionRequested,
  };
}

/** Steps that apply to this state, in order. */
export function applicableSteps(s: FlowState): StepId[] {
  return STEPS.filter((d) => d.applies(s)).map((d) => d.id);
}

/**
 * Where the person should be: the first step not done. Submitted sessions land on 'done'
 * (the runner shows the status screen); closed ones have no step (null).
 */
export function deriveStep(s: FlowState): StepId | null {
  if (s.phase === 'closed') return null;
  if (s.phase === 'welcome') return 'welcome';
  if (s.phase === 'submitted') return 'done';
  for (const id of ['document', 'document-front', 'document-back', 'selfie'] as const) {
    const def = stepDef(id);
    if (def.applies(s) && !def.done(s)) return id;
  }
  return 'review';
}

/**
 * The step to show for a URL's `step`: honoured when it applies and is not past the derived
 * step (no skipping what the server has not got); otherwise the derived step.
 * 'submitting' and 'done' are entered by the runner only, never from a URL.
 */
export function resolveStep(requested: string | null, s: FlowState): StepId | null {
  const derived = deriveStep(s);
  if (s.phase !== 'capture' || derived === null) return derived;
  if (!isStepId(requested) || requested === 'welcome' || requested === 'submitting' || requested === 'done') {
    return derived;
  }
  const steps = applicableSteps(s);
  const at = steps.indexOf(requested);
  if (at < 0 || at > steps.indexOf(derived)) return derived;
  return requested;
}

/** The step after `from` once its work is saved (state must already reflect that work). */
export function nextStep(from: StepId, s: FlowState): StepId | null {
  if (from === 'welcome') return deriveStep(s);
  if (from === 'submitting') return 'done';
  if (from === 'done') return null;
  const steps = applicableSteps(s);
  const at = steps.indexOf(from);
  return at < 0 ? deriveStep(s) : (steps[at + 1] ?? null);
}

/**
 * The step Back leads to, or null where Back is not offered: the first capture-phase step
 * (welcome is over once started), and everything from submitting on.
 */
export function previousStep(from: StepId, s: FlowState): StepId | null {
  if (from === 'welcome' || from === 'document' || from === 'submitting' || from === 'done') return null;
  const steps = applicableSteps(s);
  const at = steps.indexOf(from);
  if (at <= 0) return null;
  const prev = steps[at - 1]!;
  return prev === 'welcome' ? null : prev;
}

/**
 * How to put `to` in the browser history when moving forward from `from`: replace where the
 * step left behind can no longer be shown (welcome once started, review once submitting),
 * push otherwise so the browser's Back returns to `from`.
 */
export function historyModeFor(from: StepId | null, to: StepId): 'push' | 'replace' {
  if (from === null || from === 'welcome') return 'replace';
  if (to === 'submitting' || to === 'done') return 'replace';
  return 'push';
}

/**
 * In-app Back: go back in the browser history when the entry before this one is the step we
 * want (we pushed it), else replace the current entry; nothing when Back is not offered.
 */
export type BackAction = { kind: 'history-back' } | { kind: 'replace'; step: StepId } | null;

export function backAction(current: StepId, cameFrom: StepId | null, s: FlowState): BackAction {
  const prev = previousStep(current, s);
  if (prev === null) return null;
  return cameFrom === prev ? { kind: 'history-back' } : { kind: 'replace', step: prev };
}

/** "Step n of 4" for the header, or null outside the numbered steps. */
export function stepProgress(id: StepId): { current: number; total: number } | null {
  const progress = stepDef(id).progress;
  return progress === null ? null : { current: progress, total: PROGRESS_TOTAL };
}

/** Capture slots the review screen lists, in flow order. */
export function requiredSlots(s: FlowState): MediaSlot[] {
  return STEPS.filter((d) => d.slot !== null && d.applies(s)).map((d) => d.slot!);
}

/** Submit is allowed once every required slot is captured. */
export function canSubmit(s: FlowState): boolean {
  return s.phase === 'capture' && s.docType !== null && requiredSlots(s).every((slot) => s.captured[slot]);
}
