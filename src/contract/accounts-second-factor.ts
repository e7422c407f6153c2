// Dashboard members' second factors (TOTP, passkeys, recovery codes) and the two-step sign-in.
import { z } from 'zod';
import { meSchema } from './accounts';

export const secondFactorMethodSchema = z.enum(['totp', 'passkey', 'recovery']);
export type SecondFactorMethod = z.infer<typeof secondFactorMethodSchema>;

/** Six digits; spaces people type between groups are dropped. */
const totpCode = z.string().transform((s) => s.replace(/\s+/g, '')).pipe(z.string().regex(/^\d{6}$/, { message: 'must be 6 digits' }));
/** `xxxxx-xxxxx` as shown; case, spaces and the dash do not matter. */
const recoveryCode = z.string().max(40).transform((s) => s.toLowerCase().replace(/[\s-]+/g, '')).pipe(z.string().regex(/^[a-z2-7]{10}$/, { message: 'must be a recovery code' }));
/** A WebAuthn response as @simplewebauthn/browser makes it; checked by @simplewebauthn/server. */
const webauthnResponse = z.object({ id: z.string().max(1500), rawId: z.string().max(1500), type: z.literal('public-key') }).passthrough();

/** Password sign-in of a member with a second factor: no session yet, a pending challenge (cookie). */
export const pendingSignInSchema = z.object({
  /** No session yet: answer `methods` at `POST /auth/second-factor` before `expiresAt`. */
  pending: z.literal(true),
  methods: z.array(secondFactorMethodSchema),
  expiresAt: z.string(),
});
export type PendingSignIn = z.infer<typeof pendingSignInSchema>;
export const signInAnswerSchema = z.union([meSchema, pendingSignInSchema]);
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;
export const isPending = (a: SignInAnswer): a is PendingSignIn => 'pending' in a && a.pending === true;

/** `POST /api/dashboard/auth/second-factor`: completes the pending sign-in. */
export const secondFactorBodySchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: totpCode }),
  z.object({ method: z.literal('recovery'), code: recoveryCode }),
  z.object({ method: z.literal('passkey'), response: webauthnResponse }),
]);

export const factorSchema = z.object({
  id: z.string(), kind: z.enum(['totp', 'passkey']), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable(),
});
export type Factor = z.infer<typeof factorSchema>;

/** `GET /api/dashboard/security`: the member's factors, recovery codes left, the org's rule. */
export const securitySchema = z.object({
  factors: z.array(factorSchema),
  recoveryCodesLeft: z.number().int(),
  orgRequiresSecondFactor: z.boolean(),
  /** Until when this session may change factors without confirming again (null: confirm first). */
  confirmedUntil: z.string().nullable(),
  /** Wrong codes entered for this member since they were last shown (someone may know the password). */
  unseenWrongCodes: z.number().int(),
  /** The member's live sessions (this one marked `current`): ASVS asks that members see and end them. */
  sessions: z.array(z.object({ createdAt: z.string(), lastSeenAt: z.string(), current: z.boolean() })),
});
export type Security = z.infer<typeof securitySchema>;

export const totpEnrolmentSchema = z.object({
  factorId: z.string(),
  /** Base32, for typing into an authenticator app by hand. */
  secret: z.string(),
  /** `otpauth://totp/…`, shown as a QR code. */
  uri: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;
export const totpConfirmBodySchema = z.object({ code: totpCode });
/** Shown once: when the first factor is enrolled, or regenerated. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()).nullable() });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

const factorName = z.string().trim().min(1).max(60);
export const passkeyOptionsBodySchema = z.object({ name: factorName });
export const passkeyRegisterBodySchema = z.object({ name: factorName, response: webauthnResponse });
/** Removing a factor asks again: the password, or a current code from the authenticator app. */
/**
 * Asking again who is there before a factor changes (`POST /api/dashboard/security/confirm`, and
 * the body of a removal): the member's password, or a current code from their authenticator app.
 */
export const confirmIdentityBodySchema = z.union([
  z.object({ password: z.string().min(1).max(200) }),
  z.object({ code: totpCode }),
]);
export const removeFactorBodySchema = confirmIdentityBodySchema;
/** The answer to a confirmation: factor changes are open to this session until then. */
export const confirmationSchema = z.object({ confirmedUntil: z.string() });
export type Confirmation = z.infer<typeof confirmationSchema>;
export const orgSecurityBodySchema = z.object({ requireSecondFactor: z.boolean() });

/** The operator's reset of a locked-out member (`idv users reset-second-factor`). */
export const resetSecondFactorBodySchema = z.object({ email: z.string().trim().toLowerCase().max(254).email({ message: 'must be an e-mail address' }) });
export const secondFactorResetSchema = z.object({ id: z.string(), email: z.string(), factorsRemoved: z.number().int() });
export type SecondFactorReset = z.infer<typeof secondFactorResetSchema>;
