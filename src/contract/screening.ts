// Sanctions, PEP and internal-list screening (issue 28): the lists an operator or organisation
// loads, what a screening found (checks.aml, the case view, the webhook) and how a reviewer
// resolves a hit. One source for the routes, the dashboard and the OpenAPI document.
import { z } from 'zod';

/** Formats an import understands (server/screening/importers/). */
export const listFormats = ['ofac-csv', 'ofac-advanced-xml', 'un-xml', 'eu-xml', 'uk-csv', 'opensanctions-csv', 'opensanctions-ftm', 'customer-csv'] as const;
export type ListFormat = (typeof listFormats)[number];
export const listKinds = ['sanctions', 'pep', 'internal'] as const;
export type ListKind = (typeof listKinds)[number];

/** A list id: lower-case letters, digits and hyphens ("ofac-sdn", "un-sc", "our-blocklist"). */
export const listIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/, { message: 'a list id is 2–63 lower-case letters, digits or hyphens' });

/** One file of an import: its name (kept in the version's record) and its text. */
export const listFileSchema = z.object({
  name: z.string().trim().min(1).max(200),
  /** The file's text (UTF-8). OFAC's CSV set is four files: SDN, ALT, ADD and SDN_COMMENTS, told apart by name. */
  content: z.string().min(1, { message: 'the file is empty' }),
});

/** `POST …/screening/lists/{listId}/versions`: import a new version of a list (created on first import). */
export const importListBodySchema = z.object({
  format: z.enum(listFormats),
  /** Shown to reviewers; defaults to the list id on first import, kept after. */
  name: z.string().trim().min(1).max(120).optional(),
  /** sanctions (default) raises `sanctions_hit`; pep raises `pep_hit`; internal: the organisation's own list (`sanctions_hit`). */
  kind: z.enum(listKinds).optional(),
  files: z.array(listFileSchema).min(1).max(6),
});
export type ImportListBody = z.infer<typeof importListBodySchema>;

/** A list and its current version. */
export const screeningListSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(listKinds),
  format: z.string(),
  /** null: an operator's list, screened for every organisation. */
  orgId: z.string().nullable(),
  currentVersion: z.number().int(),
  updatedAt: z.string(),
});
export type ScreeningList = z.infer<typeof screeningListSchema>;

/** One import of a list. */
export const listVersionSchema = z.object({
  listId: z.string(),
  version: z.number().int(),
  importedAt: z.string(),
  importedBy: z.string(),
  publishedAt: z.string().nullable(),
  sources: z.array(z.object({ name: z.string(), sha256: z.string(), bytes: z.number().int() })),
  entityCount: z.number().int(),
  nameCount: z.number().int(),
  added: z.number().int(),
  removed: z.number().int(),
  changed: z.number().int(),
});
export type ListVersion = z.infer<typeof listVersionSchema>;

/** One reason in a hit's score and what it added (negative: what spoke against). */
export const scoreFeatureSchema = z.object({
  feature: z.enum(['name', 'birth_date', 'country', 'gender', 'identifier', 'weak_alias', 'common_name']),
  value: z.number(),
  detail: z.string(),
});

export const hitStates = ['open', 'true_match', 'false_match'] as const;

/** One hit as checks.aml, the case view and the events show it. */
export const screeningHitSchema = z.object({
  id: z.string(),
  /** What was screened: `person`, `company`, `officer:<n>`, `owner:<n>`, `representative`. */
  part: z.string(),
  partName: z.string(),
  listId: z.string(),
  listName: z.string(),
  listVersion: z.number().int(),
  entityKey: z.string(),
  entityName: z.string(),
  matchedName: z.string(),
  signal: z.enum(['sanctions_hit', 'pep_hit']),
  /** Sum of the features' values; not capped, so hits rank. The default threshold is 0.85. */
  score: z.number(),
  features: z.array(scoreFeatureSchema),
  state: z.enum(hitStates),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolutionReason: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
});
export type ScreeningHitView = z.infer<typeof screeningHitSchema>;

/** `checks.aml`: which lists (and versions) were screened, when, and what was found. */
export const amlChecksSchema = z.object({
  screenedAt: z.string(),
  threshold: z.number(),
  lists: z.array(z.object({ id: z.string(), name: z.string(), kind: z.enum(listKinds), version: z.number().int() })),
  hits: z.array(screeningHitSchema),
});
export type AmlChecks = z.infer<typeof amlChecksSchema>;

/** `POST /api/dashboard/screening/hits/{hitId}/resolve`: a reviewer's verdict on one hit. */
export const resolveHitBodySchema = z.object({
  resolution: z.enum(['true_match', 'false_match']),
  reason: z.string().trim().min(1, { message: 'a reason is required' }).max(1000),
});
export type ResolveHitBody = z.infer<typeof resolveHitBodySchema>;
