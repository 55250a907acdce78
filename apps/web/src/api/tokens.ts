import type { ApiToken, ApiTokenCreate, ApiTokenCreated } from "@promptune/contracts";
import { api } from "./client";
import { lazySchema } from "./schemas";

const tokenListSchema = lazySchema((c) => c.ApiTokenSchema.array());
const createdSchema = lazySchema((c) => c.ApiTokenCreatedSchema);

/** GET /profile/tokens: the user's personal API tokens (never the secrets). */
export function fetchApiTokens(): Promise<ApiToken[]> {
  return api.get("/profile/tokens", { schema: tokenListSchema });
}

/** POST /profile/tokens: creates a token; the answer holds its text, shown once. */
export function createApiToken(input: ApiTokenCreate): Promise<ApiTokenCreated> {
  return api.post("/profile/tokens", input, { schema: createdSchema });
}

/** DELETE /profile/tokens/:id: revokes a token at once. */
export function revokeApiToken(id: string): Promise<unknown> {
  return api.delete(`/profile/tokens/${encodeURIComponent(id)}`);
}
