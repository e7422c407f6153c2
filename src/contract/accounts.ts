// Customer organisations and their dashboard members: roles, sign-in bodies, the signed-in view.
import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from './languages';

/**
 * owner and admin: everything (members included); developer: keys, webhooks, campaigns, no
 * review; reviewer: verifications and review only.
 */
export const memberRoleSchema = z.enum(['owner', 'admin', 'developer', 'reviewer']);
export type MemberRole = z.infer<typeof memberRoleSchema>;

/** What a role may do, by area of the dashboard and its API. */
export const roleAbilities: Record<MemberRole, { review: boolean; developers: boolean; team: boolean }> = {
  owner: { review: true, developers: true, team: true },
  admin: { review: true, developers: true, team: true },
  developer: { review: false, developers: true, team: false },
  reviewer: { review: true, developers: false, team: false },
};

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 200;
const email = z.string().trim().toLowerCase().max(254).email({ message: 'must be an e-mail address' });

export const orgSchema = z.object({ id: z.string(), name: z.string(), createdAt: z.string() });
export type Org = z.infer<typeof orgSchema>;
export const createOrgBodySchema = z.object({ name: z.string().trim().min(1).max(120) });

/** `POST /api/admin/users` (operator, no e-mail sent) and `POST /api/dashboard/team` (owner/admin). */
export const createMemberBodySchema = z.object({
  email,
  role: memberRoleSchema,
  /** Operator only: the organisation (default: the default organisation). */
  orgId: z.string().max(64).optional(),
  /** The language of the invitation e-mail and of the member's later e-mails (default English). */
  language: z.enum(SUPPORTED_LANGUAGES).optional(),
});
export const createdMemberSchema = z.object({
  id: z.string(), email: z.string(), role: memberRoleSchema, orgId: z.string(),
  /** One-time link where the person sets a password and lands signed in (7 days). */
  signInUrl: z.string(),
  /** Dashboard invitations: whether the link was also e-mailed (SMTP_URL set and the server took it). */
  emailed: z.boolean().optional(),
});
export type CreatedMember = z.infer<typeof createdMemberSchema>;

export const memberSchema = z.object({
  id: z.string(), email: z.string(), role: memberRoleSchema, orgId: z.string(),
  /** Whether a password was set (the sign-in link was used). */
  active: z.boolean(),
  createdAt: z.string(),
  /** The language of the member's e-mails (invitation, password reset); null: English. */
  language: z.enum(SUPPORTED_LANGUAGES).nullable(),
});
export type Member = z.infer<typeof memberSchema>;

/**
 * `PATCH /api/dashboard/me`: the member's own settings. The language of their e-mails is chosen
 * at the invitation by the inviter; the member is the one who reads them, so they may change it.
 */
export const updateMeBodySchema = z.object({ language: z.enum(SUPPORTED_LANGUAGES) });

export const signInBodySchema = z.object({ email, password: z.string().min(1).max(PASSWORD_MAX) });
/** `POST /api/dashboard/auth/forgot-password`: the answer is the same whether the address is a member's or not. */
export const forgotPasswordBodySchema = z.object({
  email,
  /** The language the reset was asked in: the e-mail is written in it (else the member's own, else English). */
  language: z.enum(SUPPORTED_LANGUAGES).optional(),
});
export const setPasswordBodySchema = z.object({
  token: z.string().min(1).max(200),
  password: z.string().min(PASSWORD_MIN, { message: `must be at least ${PASSWORD_MIN} characters` }).max(PASSWORD_MAX),
});

/** `GET /api/dashboard/me`: who is signed in, where, what they may do; the CSRF token for changes. */
export const meSchema = z.object({
  member: memberSchema,
  org: orgSchema,
  abilities: z.object({ review: z.boolean(), developers: z.boolean(), team: z.boolean() }),
  /**
   * `enrolled`: the member has a second factor; `required`: their organisation requires one (a
   * member required but not enrolled may only enrol: other answers are 403 `second_factor_required`).
   */
  secondFactor: z.object({
    enrolled: z.boolean(), required: z.boolean(),
    /** Wrong codes entered for this member that they have not been shown yet (the shell warns; Security dismisses). */
    unseenWrongCodes: z.number().int(),
  }),
  csrfToken: z.string(),
});
export type Me = z.infer<typeof meSchema>;
