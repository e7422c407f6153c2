// The company flow as data: the step table derived from the campaign, and pure transitions.
// No React. Screens get { onNext, onBack } and never pick the next step themselves.
import type { CampaignDefinition, CompanyStep } from '../../../contract/campaign';

/** `welcome` (consent) comes first, `done` after a successful submit. */
export type FlowStepId = 'welcome' | CompanyStep | 'done';

/** A section the person fills in (every campaign step but review). */
export type SectionStep = Exclude<CompanyStep, 'review'>;

export interface FlowStep {
  id: FlowStepId;
  /** Numbered in "Step n of N" and listed in the step list (welcome and done are not). */
  counted: boolean;
}

/** Welcome, the campaign's sections in the campaign's order, review (always), done. */
export function buildSteps(definition: Pick<CampaignDefinition, 'steps'>): FlowStep[] {
  const sections = definition.steps.filter((s): s is SectionStep => s !== 'review');
  return [
    { id: 'welcome', counted: false },
    ...sections.map((id) => ({ id, counted: true })),
    { id: 'review', counted: true },
    { id: 'done', counted: false },
  ];
}

export function sectionSteps(steps: readonly FlowStep[]): SectionStep[] {
  return steps
    .map((s) => s.id)
    .filter((id): id is SectionStep => id !== 'welcome' && id !== 'review' && id !== 'done');
}

export function isSectionStep(id: string): id is SectionStep {
  return id !== 'welcome' && id !== 'review' && id !== 'done';
}

/** 1-based position among counted steps, for "Step 3 of 8"; null for welcome and done. */
export function stepPosition(steps: readonly FlowStep[], id: FlowStepId): { current: number; total: number } | null {
  const counted = steps.filter((s) => s.counted);
  const at = counted.findIndex((s) => s.id === id);
  return at === -1 ? null : { current: at + 1, total: counted.length };
}

export function nextStep(steps: readonly FlowStep[], id: FlowStepId): FlowStepId {
  const at = steps.findIndex((s) => s.id === id);
  if (at === -1) return steps[0]!.id;
  return steps[Math.min(at + 1, steps.length - 1)]!.id;
}

/** Back from the first section goes to welcome; nothing goes back from done. */
export function previousStep(steps: readonly FlowStep[], id: FlowStepId): FlowStepId | null {
  if (id === 'done' || id === 'welcome') return null;
  const at = steps.findIndex((s) => s.id === id);
  if (at <= 0) return null;
  return steps[at - 1]!.id;
}

export interface ServerProgress {
  /** `not started` until the first save; with `consented`, the flow then never shows welcome again. */
  status: string;
  /** Index among the counted steps (the campaign's steps, review last): `progress.currentStep`. */
  currentStep: number;
  completedSteps: readonly string[];
  /** Consent is on record (`progress.consentedAt`); submit is refused without it. */
  consented: boolean;
}

/**
 * The server's `currentStep` for a step: its index among counted steps (welcome → 0). Review is
 * always the last counted step, so its index is the campaign's review index, or one past the
 * last section when the campaign leaves review out (contract: `reviewStepIndex`).
 */
export function stepIndex(steps: readonly FlowStep[], id: FlowStepId): number {
  const counted = steps.filter((s) => s.counted);
  const at = counted.findIndex((s) => s.id === id);
  if (at !== -1) return at;
  return id === 'done' ? counted.length - 1 : 0;
}

/**
 * The step the server recorded. An index past the end (a campaign edited under a running link
 * cannot happen, as a link keeps its campaign version, but the server might clamp differently)
 * lands on review.
 */
export function savedStep(steps: readonly FlowStep[], currentStep: number): FlowStepId {
  const counted = steps.filter((s) => s.counted);
  const index = Number.isInteger(currentStep) ? Math.max(0, currentStep) : 0;
  return counted[index]?.id ?? 'review';
}

/**
 * Where a (possibly fresh) browser starts: welcome until consent is on record, then the saved
 * step. Never `done`: a submitted verification shows its status screen instead of the flow.
 */
export function resumeStep(steps: readonly FlowStep[], progress: ServerProgress): FlowStepId {
  if (progress.status === 'not started' || !progress.consented) return 'welcome';
  return savedStep(steps, progress.currentStep);
}

/**
 * Steps the step list lets the person jump to: any completed section, the review once every
 * section is completed, and the step they are on. Prevents skipping ahead past unfilled ones.
 */
export function canJumpTo(
  steps: readonly FlowStep[],
  target: FlowStepId,
  current: FlowStepId,
  completed: readonly string[],
): boolean {
  if (target === current) return true;
  if (target === 'welcome' || target === 'done' || !steps.some((s) => s.id === target)) return false;
  if (target === 'review') return sectionSteps(steps).every((s) => completed.includes(s));
  return completed.includes(target);
}

/** Adds `id` to the completed list once, keeping the flow's order. */
export function markCompleted(steps: readonly FlowStep[], completed: readonly string[], id: FlowStepId): string[] {
  const set = new Set([...completed, id]);
  return steps.map((s) => s.id).filter((s) => set.has(s) && s !== 'welcome' && s !== 'done');
}
