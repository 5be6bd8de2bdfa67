import { z } from 'zod';
import { EmailSchema, IsoDateTimeSchema, OkSchema, stripBidiControls } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 256;

export const USER_TYPES = ['founder', 'vc'] as const;
export const UserTypeSchema = z.enum(USER_TYPES, { error: 'Account type must be founder or vc' });
export type UserType = z.infer<typeof UserTypeSchema>;

export const USER_TYPE_LABELS: Record<UserType, string> = { founder: 'Founder', vc: 'Investor (VC)' };

export const PasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const UserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    type: UserTypeSchema,
    created_at: IsoDateTimeSchema,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

export const SignupBodySchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  type: UserTypeSchema,
  name: z.string().overwrite(stripBidiControls).trim().max(120, 'Name must be at most 120 characters').default(''),
});
export type SignupBody = z.input<typeof SignupBodySchema>;

/** The sign-up form adds a confirmation that never leaves the browser. */
export const SignupFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Full name is required').max(120, 'Name must be at most 120 characters'),
    email: EmailSchema,
    password: z.string().min(1, 'Password is required'),
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match' });
    } else if (v.password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
      });
    }
  });
export type SignupForm = z.input<typeof SignupFormSchema>;

export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
  type: UserTypeSchema,
});
export type LoginBody = z.input<typeof LoginBodySchema>;

export const AuthResponseSchema = z.object({ user: UserSchema, token: z.string() });
export const LoginSuccessSchema = AuthResponseSchema.extend({
  /** Founders: the company profile is complete. Investors: fund onboarding is complete. */
  onboarding_complete: z.boolean(),
}).meta({ id: 'LoginSuccess' });
export type LoginSuccess = z.infer<typeof LoginSuccessSchema>;
/** The password was right and the account has two-factor sign-in: no session yet, a code is owed. */
export const TwoFactorChallengeSchema = z
  .object({
    two_factor_required: z.literal(true),
    /** Opaque; sent back with the code to POST /user/login/2fa/. Valid for 5 minutes and 5 attempts. */
    challenge: z.string(),
  })
  .meta({ id: 'TwoFactorChallenge' });
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;
/** Accounts without two-factor get the session as before; with it, a challenge to answer. */
export const LoginResponseSchema = z.union([LoginSuccessSchema, TwoFactorChallengeSchema]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const TwoFactorLoginBodySchema = z.object({
  challenge: z.string({ error: 'Please sign in again' }).min(1, 'Please sign in again').max(200),
  /** A 6-digit authenticator code or one of the recovery codes. */
  code: z.string({ error: 'Enter a code' }).trim().min(1, 'Enter a code').max(64, 'That code is too long'),
});
export type TwoFactorLoginBody = z.input<typeof TwoFactorLoginBodySchema>;
export const MeResponseSchema = z.object({
  user: UserSchema,
  onboarding_complete: z.boolean(),
  /** False while the sign-up confirmation link has not been opened (the app shows a banner). */
  email_verified: z.boolean(),
});
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const PasswordResetRequestBodySchema = z.object({ email: EmailSchema });
export type PasswordResetRequestBody = z.input<typeof PasswordResetRequestBodySchema>;

/** A token from a mailed link (base64url, 43 characters). */
const LinkTokenSchema = z
  .string({ error: 'This link is incomplete. Open it again from the email.' })
  .min(1, 'This link is incomplete. Open it again from the email.')
  .max(200, 'This link is not valid.');

export const PasswordResetConfirmBodySchema = z.object({ token: LinkTokenSchema, password: PasswordSchema });
export type PasswordResetConfirmBody = z.input<typeof PasswordResetConfirmBodySchema>;

/** The reset form adds a confirmation that never leaves the browser. */
export const PasswordResetFormSchema = z
  .object({
    password: z.string().min(1, 'Password is required'),
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match' });
    } else if (v.password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
      });
    }
  });
export type PasswordResetForm = z.input<typeof PasswordResetFormSchema>;

export const VerifyEmailBodySchema = z.object({ token: LinkTokenSchema });

export const authEndpoints = {
  signup: defineEndpoint({
    method: 'POST',
    path: '/user/signup/',
    access: 'public',
    summary: 'Create an account and start a session',
    tags: ['auth'],
    body: SignupBodySchema,
    status: 201,
    response: AuthResponseSchema,
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/user/login/',
    access: 'public',
    summary: 'Sign in with email, password and account type',
    tags: ['auth'],
    body: LoginBodySchema,
    response: LoginResponseSchema,
  }),
  loginTwoFactor: defineEndpoint({
    method: 'POST',
    path: '/user/login/2fa/',
    access: 'public',
    summary: 'Second sign-in step: answer the challenge with an authenticator or recovery code',
    tags: ['auth'],
    body: TwoFactorLoginBodySchema,
    response: LoginSuccessSchema,
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/user/me/',
    access: 'user',
    summary: 'The signed-in user',
    tags: ['auth'],
    response: MeResponseSchema,
  }),
  requestPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/user/password-reset/',
    access: 'public',
    summary: 'Mail a single-use reset link (valid 30 minutes) if the account exists; always 202',
    tags: ['auth'],
    body: PasswordResetRequestBodySchema,
    status: 202,
    response: OkSchema,
  }),
  confirmPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/user/password-reset/confirm/',
    access: 'public',
    summary: 'Set a new password with a reset link; ends every session and lifts sign-in delays',
    tags: ['auth'],
    body: PasswordResetConfirmBodySchema,
    response: OkSchema,
  }),
  verifyEmail: defineEndpoint({
    method: 'POST',
    path: '/user/verify-email/',
    access: 'public',
    summary: 'Confirm the email address with the link mailed at sign-up',
    tags: ['auth'],
    body: VerifyEmailBodySchema,
    response: OkSchema,
  }),
  resendVerification: defineEndpoint({
    method: 'POST',
    path: '/user/verify-email/resend/',
    access: 'user',
    summary: 'Mail a new email confirmation link to the signed-in user',
    tags: ['auth'],
    status: 202,
    response: OkSchema,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/user/logout/',
    access: 'user',
    summary: 'End this session (revokes the token)',
    tags: ['auth'],
    response: OkSchema,
  }),
} as const;
