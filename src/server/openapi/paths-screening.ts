import { importListBodySchema, resolveHitBodySchema } from '../../contract/screening';
import { json, jsonBody, ok, pathParam, ref, type Json, type Operation, type Paths } from './operations';

type OpParts = Json & { responses: Record<string, Json> };
type Op = (summary: string, rest: OpParts) => Operation;
const coded = (description: string) => ({ description, content: json(ref('Error')) });
const invalid = { description: 'Invalid body (`error.issues`), or a file that could not be read: `invalid_list_file` with `error.file`, `error.line` and `error.detail` (nothing is stored)', content: json(ref('Error')) };
const listId = pathParam('id', 'The list id: 2–63 lower-case letters, digits or hyphens');
const imported = { type: 'object', properties: { list: ref('ScreeningList'), version: ref('ListVersion'), monitoring: { type: 'string', enum: ['started'] } } };

/** Operator routes (admin token): load the lists every organisation is screened against; run monitoring. */
export function adminScreeningPaths(op: Op): Paths {
  return {
    '/admin/screening/lists': { get: op('The operator\'s screening lists with their current versions', { responses: { 200: ok('Fetched lists', { type: 'array', items: ref('ScreeningList') }) } }) },
    '/admin/screening/lists/{id}': { get: op('A list and every version (entities, names, added, removed, changed, source files with SHA-256)', { parameters: [listId], responses: { 200: ok('Fetched list', { type: 'object' }), 404: coded('`not_found`') } }) },
    '/admin/screening/lists/{id}/versions': {
      post: op('Import a new version of a list (made on first import) from its publisher\'s files: one transaction; the answer says what was added, removed and changed; monitored subjects are screened again after it', {
        parameters: [listId], requestBody: jsonBody(importListBodySchema),
        responses: { 200: ok('List imported', imported), 400: invalid, 409: coded('`list_owned_elsewhere`: an organisation\'s own list has this id') },
      }),
    },
    '/admin/screening/lists/{id}/versions/{version}': { get: op('One version with the keys it added, removed and changed', { parameters: [listId, pathParam('version', 'Version number')], responses: { 200: ok('Fetched list version', { type: 'object' }), 404: coded('`not_found`') } }) },
    '/admin/screening/monitoring/run': { post: op('Screen every monitored subject again now and answer the figures', { responses: { 200: ok('Monitoring run finished', { type: 'object', properties: { screened: { type: 'integer' }, alerted: { type: 'integer' }, hits: { type: 'integer' }, ms: { type: 'integer' } } }) } }) },
  };
}

/** Dashboard routes (review ability; imports of the organisation's own lists: owner, admin). */
export function dashboardScreeningPaths(op: Op): Paths {
  return {
    '/dashboard/screening/lists': { get: op('Lists the organisation is screened against (the operator\'s and its own), each with its last 10 versions', { responses: { 200: ok('Fetched lists', { type: 'array', items: ref('ScreeningList') }) } }) },
    '/dashboard/screening/lists/{id}/versions': {
      post: op('Import a version of one of the organisation\'s own lists (kind `internal` by default; owner, admin; up to 20 MB)', {
        parameters: [listId], requestBody: jsonBody(importListBodySchema),
        responses: { 200: ok('List imported', imported), 400: invalid, 409: coded('`list_owned_elsewhere`: the id is the operator\'s or another organisation\'s') },
      }),
    },
    '/dashboard/screening/hits': {
      get: op('Screening hits: the organisation\'s queue (`state` open by default, or true_match, false_match, all), or one case\'s (`subjectType` individual|company and `subjectId`)', {
        responses: { 200: ok('Fetched screening hits', { type: 'array', items: ref('ScreeningHit') }), 400: coded('`invalid_query`') },
      }),
    },
    '/dashboard/screening/hits/{id}/resolve': {
      post: op('Resolve a hit as a true or a false match, with a reason (audited as `screening.true_match` / `screening.false_match` on the case). A false match stays resolved on later screenings while the listed entity is unchanged', {
        parameters: [pathParam('id', 'The hit id (`hit_…`)')], requestBody: jsonBody(resolveHitBodySchema),
        responses: { 200: ok('Marked a false match', ref('ScreeningHit')), 400: { description: 'Invalid body', content: json(ref('Error')) }, 404: coded('`not_found` (also another organisation\'s)') },
      }),
    },
    '/dashboard/screening/summary': { get: op('How many hits are open', { responses: { 200: ok('Fetched screening summary', { type: 'object', properties: { openHits: { type: 'integer' } } }) } }) },
  };
}
