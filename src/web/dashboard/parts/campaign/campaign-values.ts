// The campaign editor's form values: the API's body (`createCampaignBodySchema`) with every
// default of the definition filled in, so each control has a value to show.
import { z } from 'zod';
import {
  campaignDefinitionSchema, companyStepIds, defaultCampaignDefinition, knownDocumentKinds,
  type CampaignDefinition, type CompanyStep, type CustomQuestion, type DocumentRequirement,
} from '../../../../contract/campaign';

/** Why: one shape for the form, the preview and the body sent to `POST /campaigns`. */
export interface CampaignFormValues {
  id?: string;
  name: string;
  definition: CampaignDefinition;
}

// The definition's fields and their defaults without the cross-field rules: a stored version that
// breaks one (older drafts may) still opens, and the editor shows what to fix.
const lenientDefinition = z.object(campaignDefinitionSchema.shape);

/** Why: a stored definition (possibly partial: defaults left out) as controls can show it. */
export function toDefinitionValues(stored: unknown): CampaignDefinition {
  const parsed = lenientDefinition.safeParse(stored ?? {});
  const definition: CampaignDefinition = parsed.success ? parsed.data : structuredClone(defaultCampaignDefinition);
  // The flow always ends with review; the editor always lists it, last.
  return { ...definition, steps: [...definition.steps.filter((s) => s !== 'review'), 'review'] };
}

/**
 * Why: ticking a step puts it before the first ticked step that follows it in the natural order
 * (a stored custom order is kept), unticking removes it; review stays last.
 */
export function withStep(steps: readonly CompanyStep[], step: CompanyStep, on: boolean): CompanyStep[] {
  const rest = steps.filter((s) => s !== step && s !== 'review');
  if (on && step !== 'review') {
    const rank = (s: CompanyStep) => companyStepIds.indexOf(s);
    const at = rest.findIndex((s) => rank(s) > rank(step));
    rest.splice(at === -1 ? rest.length : at, 0, step);
  }
  return [...rest, 'review'];
}

/** Why: the kinds the hosted flow names in every language. */
export type KnownDocumentKind = (typeof knownDocumentKinds)[number];
/** Why: known kinds have translated names; any other slug is the campaign's own kind. */
export const isKnownKind = (kind: string): kind is KnownDocumentKind => (knownDocumentKinds as readonly string[]).includes(kind);

/** Why: a new document row asks for the first known kind not asked yet (else the campaign's own). */
export function newDocument(existing: readonly Pick<DocumentRequirement, 'kind'>[]): DocumentRequirement {
  const kind = knownDocumentKinds.find((k) => !existing.some((d) => d.kind === k)) ?? '';
  return { kind, required: true, maxFiles: 3 };
}

/** Why: a new question gets an unused id the reviewer may rename; it starts as short text. */
export function newQuestion(existing: readonly Pick<CustomQuestion, 'id'>[]): CustomQuestion {
  let n = existing.length + 1;
  while (existing.some((q) => q.id === `question_${n}`)) n += 1;
  return { id: `question_${n}`, label: '', type: 'short_text', options: [], required: false };
}

/** Why: only these question types offer answers to choose from (the contract's rule). */
export const isChoice = (type: CustomQuestion['type']) => type === 'single_choice' || type === 'multiple_choice';

/**
 * Why: the campaign's text in the reader's language, by the hosted flow's rule
 * (flows/company/campaign-text.ts): `labels[lang]`, then the base language, then `label`.
 */
export function localLabel(item: { label?: string | undefined; labels?: Record<string, string> | undefined }, language: string, fallback = ''): string {
  const labels = item.labels ?? {};
  const base = language.split('-')[0] ?? language;
  return labels[language] ?? labels[base] ?? item.label ?? fallback;
}
