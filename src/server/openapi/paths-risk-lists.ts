import { allowBodySchema, blockBodySchema, removeEntryBodySchema, riskListsQuerySchema } from '../../contract/risk-lists';
import { queryParameters } from './json-schema';
import { json, jsonBody, ok, pathParam, ref, type Json, type Operation, type Paths } from './operations';

type OpParts = Json & { responses: Record<string, Json> };
type Op = (summary: string, rest: OpParts) => Operation;
const coded = (description: string) => ({ description, content: json(ref('Error')) });
const invalid = { description: 'Invalid body or query (`error.issues`)', content: json(ref('Error')) };
const entries = { type: 'array', items: ref('RiskListEntry') };

/**
 * The organisation's blocklist and allowlist (reviewer, admin, owner; `forbidden` for the other
 * roles). Every change is audited with its reason (`risk.blocked_face`, `risk.blocked_document`,
 * `risk.allowed_pair`, `risk.entry_removed`).
 */
export function riskListPaths(op: Op): Paths {
  return {
    '/dashboard/risk-lists': {
      get: op('Active blocklist and allowlist entries of the organisation, newest first (at most 500)', {
        parameters: queryParameters(riskListsQuerySchema), responses: { 200: ok('Fetched risk list entries', entries), 400: invalid },
      }),
    },
    '/dashboard/verifications/individual/{id}/block': {
      post: op('From a case, block its face (a copy of its embedding, so the block outlives the case\'s media) and/or its document number (keyed digest). A later session of the organisation that matches raises `blocklist_hit`: failed by default, review where the key\'s risk rules say so', {
        parameters: [pathParam('id', 'The verificationId')], requestBody: jsonBody(blockBodySchema),
        responses: { 200: ok('Blocked', entries), 400: invalid, 404: coded('`not_found` (also another organisation\'s)'), 409: coded('`no_face_stored` or `no_document_stored`: never read, or erased with the media') },
      }),
    },
    '/dashboard/risk-lists/allow': {
      post: op('Allow a pair of the organisation\'s verifications: their duplicate flag (`duplicate_face`, `reused_document`) does not come back, for either of them or a later session with the same document or names', {
        requestBody: jsonBody(allowBodySchema), responses: { 200: ok('Allowed', ref('RiskListEntry')), 400: invalid, 404: coded('`not_found` (either verification, also another organisation\'s)') },
      }),
    },
    '/dashboard/risk-lists/{entryId}': {
      delete: op('Remove an entry (kept, stamped removed, for the audit trail); an optional JSON body `{ reason }`', {
        parameters: [pathParam('entryId', 'The entry id (`rl_…`)')], requestBody: { ...jsonBody(removeEntryBodySchema), required: false },
        responses: { 200: ok('Removed', ref('RiskListEntry')), 400: invalid, 404: coded('`not_found`') },
      }),
    },
  };
}
