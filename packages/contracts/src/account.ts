import { z } from 'zod';
import { IsoDateTimeSchema, OkSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PasswordSchema } from './auth.ts';

/** Account security: password change, active sessions and two-factor sign-in (any signed-in user). */

export const ChangePasswordBodySchema = z.object({
  current_password: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX_LENGTH),
  new_password: PasswordSchema,
});
export type ChangePasswordBody = z.input<typeof ChangePasswordBodySchema>;

/** The settings form adds a confirmation that never leaves the browser. */
export const ChangePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: z.string().min(1, 'New password is required'),
    confirmPassword: z.string().min(1, 'Please confirm your new password'),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match' });
    } else if (v.newPassword.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        path: ['newPassword'],
        message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
      });
    }
  });
export type ChangePasswordForm = z.input<typeof ChangePasswordFormSchema>;

export const ActiveSessionSchema = z
  .object({
    id: z.string(),
    created_at: IsoDateTimeSchema,
    last_seen_at: IsoDateTimeSchema,
    ip: z.string(),
    user_agent: z.string(),
    /** The session making this call. */
    current: z.boolean(),
  })
  .meta({ id: 'ActiveSession' });
export type ActiveSession = z.infer<typeof ActiveSessionSchema>;

export const SessionListSchema = z.object({ sessions: z.array(ActiveSessionSchema) });
export const SessionIdParamsSchema = z.object({ id: z.string().max(64) });
export const RevokeOthersResponseSchema = z.object({ ok: z.literal(true), revoked: z.number().int() });

/** A 6-digit authenticator code. */
export const TotpCodeSchema = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

/** A 6-digit authenticator code or a recovery code (letters, digits, dashes). */
export const SecondFactorCodeSchema = z
  .string({ error: 'Enter a code' })
  .trim()
  .min(1, 'Enter a code')
  .max(64, 'That code is too long');

export const TwoFactorStatusSchema = z
  .object({
    enabled: z.boolean(),
    enabled_at: IsoDateTimeSchema.nullable(),
    recovery_codes_remaining: z.number().int(),
  })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

export const TwoFactorSetupSchema = z
  .object({
    /** Base32 key for manual entry in an authenticator app. */
    secret: z.string(),
    otpauth_uri: z.string(),
    /** The otpauth URI as a QR code, an SVG document rendered by the server. */
    qr_svg: z.string(),
  })
  .meta({ id: 'TwoFactorSetup' });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

export const TwoFactorEnableBodySchema = z.object({ code: TotpCodeSchema });
export const TwoFactorEnableResponseSchema = z.object({
  enabled: z.literal(true),
  /** Shown once: only hashes are kept. Each signs in once in place of a code. */
  recovery_codes: z.array(z.string()),
});
export const TwoFactorDisableBodySchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
  code: SecondFactorCodeSchema,
});

export const accountEndpoints = {
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/user/password/',
    access: 'user',
    summary: 'Change the password; every other session of the user ends',
    tags: ['account'],
    body: ChangePasswordBodySchema,
    response: OkSchema,
  }),
  listSessions: defineEndpoint({
    method: 'GET',
    path: '/user/sessions/',
    access: 'user',
    summary: 'The signed-in user’s active sessions',
    tags: ['account'],
    response: SessionListSchema,
  }),
  revokeSession: defineEndpoint({
    method: 'DELETE',
    path: '/user/sessions/:id/',
    access: 'user',
    summary: 'End one of the user’s sessions (404 for anyone else’s)',
    tags: ['account'],
    params: SessionIdParamsSchema,
    response: OkSchema,
  }),
  revokeOtherSessions: defineEndpoint({
    method: 'POST',
    path: '/user/sessions/revoke-others/',
    access: 'user',
    summary: 'End every session of the user except this one',
    tags: ['account'],
    response: RevokeOthersResponseSchema,
  }),
  twoFactorStatus: defineEndpoint({
    method: 'GET',
    path: '/user/2fa/',
    access: 'user',
    summary: 'Whether two-factor sign-in is on',
    tags: ['account'],
    response: TwoFactorStatusSchema,
  }),
  twoFactorSetup: defineEndpoint({
    method: 'POST',
    path: '/user/2fa/setup/',
    access: 'user',
    summary: 'Start two-factor setup: a new authenticator secret, its otpauth URI and QR code',
    tags: ['account'],
    response: TwoFactorSetupSchema,
  }),
  twoFactorEnable: defineEndpoint({
    method: 'POST',
    path: '/user/2fa/enable/',
    access: 'user',
    summary: 'Turn two-factor sign-in on with a current code; returns one-time recovery codes',
    tags: ['account'],
    body: TwoFactorEnableBodySchema,
    response: TwoFactorEnableResponseSchema,
  }),
  twoFactorDisable: defineEndpoint({
    method: 'POST',
    path: '/user/2fa/disable/',
    access: 'user',
    summary: 'Turn two-factor sign-in off (password and a code or recovery code)',
    tags: ['account'],
    body: TwoFactorDisableBodySchema,
    response: TwoFactorStatusSchema,
  }),
} as const;
