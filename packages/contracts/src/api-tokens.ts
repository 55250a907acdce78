/**
 * Personal API tokens: created, listed and revoked on the Profile page
 * (`/api/profile/tokens`), sent as `Authorization: Bearer pt_…` by scripts,
 * CI and `promptune --server`. `read` allows reading (GET); `run` also
 * allows starting runs and evals and every other change except managing
 * tokens and the account, which need a signed-in session; `deploy` allows
 * deploying to the after-bot and rolling back (/api/integration/deploys).
 */
import { z } from "zod";

/** Every token's text starts with this, so a token is never mistaken for a session. */
export const API_TOKEN_PREFIX = "pt_";
/** Tokens one user may hold at once. */
export const MAX_API_TOKENS = 20;

export const ApiTokenScopeSchema = z.enum(["read", "run", "deploy"]);
export type ApiTokenScope = z.infer<typeof ApiTokenScopeSchema>;

/** POST /api/profile/tokens. */
export const ApiTokenCreateSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { error: "Give the token a name." })
    .max(60, { error: "A token name must be at most 60 characters." }),
  scopes: z
    .array(ApiTokenScopeSchema, { error: 'Scopes must be a list of "read", "run" and "deploy".' })
    .min(1, { error: "Choose at least one scope." })
    .refine((s) => new Set(s).size === s.length, { error: "A scope is listed twice." }),
});
export type ApiTokenCreate = z.infer<typeof ApiTokenCreateSchema>;

/** The answer of POST /api/profile/tokens: the token, shown once and never again. */
export const ApiTokenCreatedSchema = z.object({ id: z.string(), token: z.string() });
export type ApiTokenCreated = z.infer<typeof ApiTokenCreatedSchema>;

/** A token in the list (never the token itself). */
export const ApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(ApiTokenScopeSchema),
  /** The first characters of the token, e.g. `pt_Ab12Cd…`. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;
