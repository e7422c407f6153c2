import { assignBodySchema, bulkBodySchema, caseWorkSchema, noteBodySchema, reviewSettingsSchema, savedFilterBodySchema, savedFilterSchema } from '../../contract/casework';
import { toSchema } from './json-schema';
import { json, jsonBody, ok, pathParam, ref, type Json, type Operation, type Paths } from './operations';

type OpParts = Json & { responses: Record<string, Json> };
type Op = (summary: string, rest: OpParts) => Operation;
const invalid = { description: 'Invalid body (`error.issues`)', content: json(ref('Error')) };
const coded = (description: string) => ({ description, content: json(ref('Error')) });

/**
 * A team's work on cases (casework/): assignment, notes, bulk moves, four-eyes, saved views.
 * Dashboard only: none of it reaches the customer API or its webhooks.
 */
export function caseworkPaths(op: Op): Paths {
  const params = [pathParam('family', '`individual` or `company`'), pathParam('id', 'The verificationId or the company\'s `cv_` id')];
  const notFound = coded('`not_found` (also another organisation\'s)');
  return {
    '/dashboard/verifications/{family}/{id}/work': {
      get: op('Who has the case, the decision waiting for a second reviewer (four-eyes), the notes (oldest first), the members it can be given to', {
        parameters: params, responses: { 200: ok('Fetched case work', toSchema(caseWorkSchema)), 404: notFound },
      }),
    },
    '/dashboard/verifications/{family}/{id}/assignee': {
      put: op('Claim the case (your own id), give it to a reviewing member, or release it (null); audited `case.claimed`, `case.assigned`, `case.released`', {
        parameters: params, requestBody: jsonBody(assignBodySchema), responses: { 200: ok('Case assigned', { type: 'object', properties: { assigneeId: { type: ['string', 'null'] } } }), 400: coded('Invalid body, or `not_a_reviewer`'), 404: notFound },
      }),
    },
    '/dashboard/verifications/{family}/{id}/notes': {
      post: op('Add an internal note (append-only; never in webhooks or the API; erased when the case is redacted or deleted); audited `case.note_added` with its length', {
        parameters: params, requestBody: jsonBody(noteBodySchema), responses: { 200: ok('Note added', { type: 'object', properties: { id: { type: 'string' }, authorEmail: { type: 'string' }, body: { type: 'string' }, createdAt: { type: 'string' } } }), 400: invalid, 404: notFound },
      }),
    },
    '/dashboard/verifications/bulk': {
      post: op('Assign (or release) up to 100 cases, or approve or decline them with one reason: each case is moved on its own through its usual path (four-eyes included) and answered in `results` (`assigned`, `decided`, `proposed`, `not_found`, `not_in_review`, `same_reviewer`)', {
        requestBody: jsonBody(bulkBodySchema), responses: { 200: ok('Bulk move done', { type: 'object', properties: { results: { type: 'array', items: { type: 'object', properties: { family: { type: 'string' }, id: { type: 'string' }, result: { type: 'string' } } } } } }), 400: coded('Invalid body, or `not_a_reviewer`') },
      }),
    },
    '/dashboard/review-settings': {
      get: op('The organisation\'s review settings', { responses: { 200: ok('Fetched review settings', toSchema(reviewSettingsSchema)) } }),
      put: op('Four-eyes on or off (owner, admin): when on, an approval or decline by one member waits for a second member to make the same decision; audited `org.four_eyes`', {
        requestBody: jsonBody(reviewSettingsSchema), responses: { 200: ok('Review settings updated', toSchema(reviewSettingsSchema)), 400: invalid },
      }),
    },
    '/dashboard/saved-filters': {
      get: op('Your saved list views (private to you), oldest first', { responses: { 200: ok('Fetched saved views', { type: 'array', items: toSchema(savedFilterSchema) }) } }),
      post: op('Save the list\'s filters under a name (the same name again replaces it; up to 30)', { requestBody: jsonBody(savedFilterBodySchema), responses: { 200: ok('View saved', toSchema(savedFilterSchema)), 400: invalid, 409: coded('`too_many_views`') } }),
    },
    '/dashboard/saved-filters/{id}': { delete: op('Delete one of your saved views', { parameters: [pathParam('id', 'Saved view id')], responses: { 200: ok('View deleted', null), 404: coded('`not_found`') } }) },
  };
}
