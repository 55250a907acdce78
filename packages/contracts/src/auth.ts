import { z } from "zod";

/** A sign-in e-mail address: trimmed, at most 254 characters, a valid address. */
export const EmailSchema = z
  .string({ error: "email is required" })
  .trim()
  .min(1, { error: "email is required" })
  .max(254, { error: "email is too long" })
  .pipe(z.email({ error: "Please enter a valid email address" }));

/** The signed-in user as GET /auth/status and every sign-in call return it. */
export const UserSchema = z.object({
  email: z.string(),
  name: z.string(),
  company_name: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/** GET /auth/status data. */
export const AuthStatusSchema = z.union([
  UserSchema.extend({ authenticated: z.literal(true) }),
  z.object({ authenticated: z.literal(false) }),
]);
export type AuthStatus = z.infer<typeof AuthStatusSchema>;

/** POST /auth/auth-link/request body. */
export const AuthLinkRequestSchema = z.object({ email: EmailSchema });
export type AuthLinkRequest = z.infer<typeof AuthLinkRequestSchema>;

/**
 * Data of a successful POST /auth/auth-link/request, /auth/signup or
 * /auth/signin: the address the mail went to and when its link or code expires.
 */
export const MailSentSchema = z.object({
  email: z.string(),
  expires_in_minutes: z.number().int().positive(),
});
export type MailSent = z.infer<typeof MailSentSchema>;

/** GET /auth/auth-link/callback query. */
export const AuthLinkCallbackQuerySchema = z.object({
  token: z
    .string({ error: "The sign-in link is missing its token." })
    .trim()
    .min(1, { error: "The sign-in link is missing its token." })
    .max(256, { error: "This sign-in link is invalid. Please request a new one." }),
});

/** POST /auth/signup body (e-mail code flow); the name is kept for the new account. */
export const SignupRequestSchema = z.object({
  email: EmailSchema,
  name: z
    .string({ error: "name must be text" })
    .trim()
    .max(100, { error: "Name must be at most 100 characters" })
    .optional(),
});
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

/** POST /auth/signin body (e-mail code flow). */
export const SigninRequestSchema = z.object({ email: EmailSchema });
export type SigninRequest = z.infer<typeof SigninRequestSchema>;

/** Number of digits of an e-mail sign-in code. */
export const SIGN_IN_CODE_DIGITS = 6;

/** POST /auth/verify query: the code from the e-mail. */
export const VerifyQuerySchema = z.object({
  code: z
    .string({ error: "The sign-in code is required." })
    .trim()
    .regex(/^\d{6}$/, { error: "The sign-in code must be 6 digits." }),
});

/**
 * POST /auth/verify body: the e-mail the code was sent to (required). A code
 * is only ever checked against that address's latest code, so guesses cannot
 * be spread over every pending code at once.
 */
export const VerifyBodySchema = z.object(
  { email: EmailSchema },
  { error: 'Send the e-mail address the code was sent to, as {"email": "…"}.' },
);

/** GET /auth/google/url data. */
export const GoogleUrlSchema = z.object({ auth_url: z.string() });
export type GoogleUrl = z.infer<typeof GoogleUrlSchema>;

/** POST /auth/google/callback body. */
export const GoogleCallbackRequestSchema = z.object({
  code: z
    .string({ error: "code is required" })
    .min(1, { error: "code is required" })
    .max(2048, { error: "code is malformed" }),
  code_verifier: z
    .string({ error: "code_verifier is required" })
    .min(43, { error: "code_verifier is malformed" })
    .max(128, { error: "code_verifier is malformed" })
    .regex(/^[A-Za-z0-9\-._~]+$/, { error: "code_verifier is malformed" }),
});
export type GoogleCallbackRequest = z.infer<typeof GoogleCallbackRequestSchema>;

/**
 * Data of a sign-in (magic-link callback, Google callback) that arrived in a
 * browser already signed in to a DIFFERENT account (login CSRF, issue 21):
 * nothing was switched. The proof of the new identity was spent into a
 * pending switch bound to the current session; the client asks the user and
 * confirms (POST /auth/switch-account) or cancels it.
 */
export const AccountSwitchSchema = z.object({
  switch_required: z.literal(true),
  /** The account the browser is signed in to. */
  current_email: z.string(),
  /** The account the link or callback would sign in to. */
  email: z.string(),
  /** Single-use, 10 minutes, only for the current session. */
  switch_token: z.string(),
});
export type AccountSwitch = z.infer<typeof AccountSwitchSchema>;

/** Data of a sign-in callback: the user signed in, or a switch to confirm first. */
export const SignInResultSchema = z.union([UserSchema, AccountSwitchSchema]);
export type SignInResult = z.infer<typeof SignInResultSchema>;

/** POST /auth/switch-account and /auth/switch-account/cancel body. */
export const AccountSwitchRequestSchema = z.object({
  switch_token: z
    .string({ error: "switch_token is required" })
    .min(1, { error: "switch_token is required" })
    .max(100, { error: "switch_token is malformed" }),
});

/** GET /auth/providers: which external sign-in providers this server offers. */
export const AuthProvidersSchema = z.object({ google: z.boolean() });
export type AuthProviders = z.infer<typeof AuthProvidersSchema>;
