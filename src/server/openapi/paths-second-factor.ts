import {
  confirmationSchema, confirmIdentityBodySchema, orgSecurityBodySchema, resetSecondFactorBodySchema, secondFactorResetSchema, passkeyOptionsBodySchema, passkeyRegisterBodySchema, removeFactorBodySchema, secondFactorBodySchema, totpConfirmBodySchema,
} from '../../contract/accounts-second-factor';
import { toSchema } from './json-schema';
import { json, jsonBody, ok, pathParam, ref, responseRef, security, TAGS, type Json, type Paths } from './operations';

type OpParts = Json & { responses: Record<string, Json> };
type Op = (summary: string, rest: OpParts) => Json & { tags: string[]; responses: Record<string, Json> };
const coded = (description: string) => ({ description, content: json(ref('Error')) });
const webauthnOptions = { type: 'object', description: 'WebAuthn options (JSON) for @simplewebauthn/browser' };

/** The second step of a sign-in: the pending cookie (`idv_pending`, HttpOnly, 5 minutes, once) set by sign-in or set-password. */
export function secondFactorSignInPaths(): Paths {
  const pendingOp = (summary: string, rest: OpParts) => ({ summary, tags: [TAGS.dashboard], security: security.none, ...rest });
  const expired = coded('`sign_in_expired`: no pending sign-in (expired, used, or no cookie)');
  return {
    '/dashboard/auth/second-factor': {
      post: pendingOp('Complete a pending sign-in with a TOTP code, a recovery code (each works once) or a passkey assertion; sets the session cookie', {
        requestBody: jsonBody(secondFactorBodySchema),
        responses: {
          200: ok('Signed in', ref('Me')), 400: coded('Invalid body, or `wrong_second_factor` (with `answersLeft`)'),
          401: coded('`sign_in_expired`: no pending sign-in (expired, used, or no cookie); `sign_in_closed`: the fifth wrong answer closed it (the password is needed again)'),
          403: coded('`csrf`: sent from another site'),
          429: coded('`locked` (`Retry-After`): `scope: "address"`, wrong answers count with wrong passwords in the sign-in throttle of the e-mail and address group (IPv6 /64); `scope: "member"`, the member\'s wrong codes from every address are past their allowance (10, then a doubling wait from 1 minute to 1 hour); or `rate_limited`'),
        },
      }),
    },
    '/dashboard/auth/second-factor/passkey-options': {
      post: pendingOp('WebAuthn assertion options for the pending sign-in (a fresh challenge bound to it)', { responses: { 200: ok('Passkey challenge', webauthnOptions), 401: expired, 429: responseRef('RateLimited') } }),
    },
  };
}

/** A member's own factors; also open to a member whose organisation requires a factor they lack. */
export function securityPaths(op: Op): Paths {
  const id = [pathParam('id', 'Factor id')];
  const codes = (summary: string) => ok(summary, ref('RecoveryCodes'));
  return {
    '/dashboard/security': { get: op('The member\'s second factors (never a secret), recovery codes left, whether the organisation requires one', { responses: { 200: ok('Fetched security', ref('Security')) } }) },
    '/dashboard/security/totp': { post: op('Start enrolling an authenticator app: a new secret (otpauth URI and base32 text), a factor only once confirmed', { responses: { 200: ok('Authenticator app enrolment started', ref('TotpEnrolment')), 403: coded('`confirmation_required`: confirm with the password or an app code first (`/dashboard/security/confirm`, valid 10 minutes)'), 409: coded('`totp_exists`') } }) },
    '/dashboard/security/totp/confirm': {
      post: op('Confirm the authenticator app with a code (±30 s); the first factor answers 10 recovery codes, shown once', {
        requestBody: jsonBody(totpConfirmBodySchema), responses: { 200: codes('Authenticator app set up; the member\'s other sessions end'), 400: coded('Invalid body, or `wrong_code`'), 403: coded('`confirmation_required`: confirm with the password or an app code first (`/dashboard/security/confirm`, valid 10 minutes)'), 409: coded('`no_enrolment`') },
      }),
    },
    '/dashboard/security/passkeys/options': { post: op('WebAuthn registration options: a challenge for this member, 5 minutes, used once', { requestBody: jsonBody(passkeyOptionsBodySchema), responses: { 200: ok('Passkey options', webauthnOptions), 400: coded('Invalid body'), 403: coded('`confirmation_required`: confirm with the password or an app code first (`/dashboard/security/confirm`, valid 10 minutes)') } }) },
    '/dashboard/security/passkeys': {
      post: op('Register a named passkey (the authenticator\'s answer); the first factor answers 10 recovery codes', {
        requestBody: jsonBody(passkeyRegisterBodySchema), responses: { 200: codes('Passkey added; the member\'s other sessions end'), 400: coded('Invalid body, `challenge_invalid` or `passkey_invalid`'), 403: coded('`confirmation_required`: confirm with the password or an app code first (`/dashboard/security/confirm`, valid 10 minutes)'), 409: coded('`passkey_exists`') },
      }),
    },
    '/dashboard/security/factors/{id}/remove': {
      post: op('Remove a factor: the password or a current app code again (through the sign-in throttle); removing the last one also ends the recovery codes', {
        parameters: id, requestBody: jsonBody(removeFactorBodySchema),
        responses: { 200: ok('Factor removed', null), 400: coded('Invalid body, or `wrong_confirmation`'), 404: coded('`not_found`'), 409: coded('`last_factor_required`: the organisation requires a factor'), 429: coded('`locked`') },
      }),
    },
    '/dashboard/security/recovery-codes': { post: op('New recovery codes (the earlier ones stop working), shown once', { responses: { 200: codes('New recovery codes'), 403: coded('`confirmation_required`: confirm with the password or an app code first (`/dashboard/security/confirm`, valid 10 minutes)'), 409: coded('`no_second_factor`') } }) },
    '/dashboard/security/confirm': {
      post: op('Ask again who is there: the password or a current app code (through the sign-in limits) opens factor changes to this session for 10 minutes', {
        requestBody: jsonBody(confirmIdentityBodySchema),
        responses: { 200: ok('Confirmed', toSchema(confirmationSchema)), 400: coded('Invalid body, or `wrong_confirmation`'), 429: coded('`locked` (`Retry-After`)') },
      }),
    },
    '/dashboard/security/notice/seen': { post: op('The member has read the notice of wrong codes entered for their account (`unseenWrongCodes` back to 0)', { responses: { 200: ok('Notice dismissed', null) } }) },
    '/dashboard/security/sessions/end-others': {
      post: op('Sign out everywhere else: ends every session of the member but this one; audited', {
        responses: { 200: ok('Other sessions ended', { type: 'object', properties: { ended: { type: 'integer' } } }), 403: coded('`confirmation_required`: confirm with the password or an app code first (`/dashboard/security/confirm`, valid 10 minutes)') },
      }),
    },
    '/dashboard/org/security': {
      patch: op('Owners: require a second factor of every member (members without one may then only enrol one); audited', {
        requestBody: jsonBody(orgSecurityBodySchema),
        responses: { 200: ok('Organisation security updated (turning it on ends the sessions of members without a factor)', { type: 'object', properties: { requireSecondFactor: { type: 'boolean' } } }), 400: coded('Invalid body'), 409: coded('`own_second_factor_missing`: the owner has no factor') },
      }),
    },
  };
}

/** The operator's reset (`idv users reset-second-factor`), admin token. */
export function adminSecondFactorPaths(op: Op): Paths {
  return {
    '/admin/users/reset-second-factor': {
      post: op('Remove a locked-out member\'s second factors and recovery codes (audited as the operator\'s action); they sign in with the password alone, or are taken to enrol where the organisation requires a factor', {
        requestBody: jsonBody(resetSecondFactorBodySchema),
        responses: { 200: ok('Second factor reset', toSchema(secondFactorResetSchema)), 400: coded('Invalid body'), 404: coded('`member_not_found`') },
      }),
    },
  };
}
