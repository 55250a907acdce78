import { z } from "zod";

export const EmailSchema = z
  .string({ error: "email is required" })
  .trim()
  .min(1, { error: "email is required" })
  .max(254, { error: "email is too long" })
  .pipe(z.email({ error: "Please enter a valid email address" }));

/** The signed-in user as GET /auth/status and sign-in calls return it. */
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

/** POST /auth/signup and /auth/signin body (e-mail code flow). */
export const SignupRequestSchema = z.object({
  email: EmailSchema,
  name: z.string().trim().max(100).optional(),
});
export const SigninRequestSchema = z.object({ email: EmailSchema });

/** GET /auth/google/url data. */
export const GoogleUrlSchema = z.object({ auth_url: z.string() });

/** POST /auth/google/callback body. */
export const GoogleCallbackRequestSchema = z.object({
  code: z.string().min(1).max(2048),
  code_verifier: z
    .string()
    .min(43, { error: "code_verifier is malformed" })
    .max(128, { error: "code_verifier is malformed" }),
});
