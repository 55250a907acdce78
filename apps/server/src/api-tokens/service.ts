/**
 * Personal API tokens: `pt_` + 32 random bytes, stored as SHA-256 hashes
 * (like sessions), listed with a short prefix, revoked by deleting the row.
 */
import { randomUUID } from "node:crypto";
import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenScope,
  ApiTokenScopeSchema,
  MAX_API_TOKENS,
} from "@promptune/contracts";
import type { Kysely } from "kysely";
import { hashToken, newToken } from "../auth/tokens";
import type { UserRow } from "../auth/users";
import { nowIso } from "../db/database";
import type { ApiTokensTable, Database } from "../db/schema";
import { conflict } from "../errors";

/** Characters of the token kept (in clear) to recognise it in the list. */
const SHOWN_CHARS = API_TOKEN_PREFIX.length + 6;

function scopesOf(text: string): ApiTokenScope[] {
  return text
    .split(",")
    .filter((s): s is ApiTokenScope => ApiTokenScopeSchema.safeParse(s).success);
}

/** A stored token as the list shows it. */
export function apiTokenView(row: ApiTokensTable): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: scopesOf(row.scopes),
    prefix: `${row.prefix}…`,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
  };
}

/** Creates a token; returns the token text, which is never stored and never shown again. */
export async function createApiToken(
  db: Kysely<Database>,
  userId: string,
  input: ApiTokenCreate,
): Promise<{ id: string; token: string }> {
  const count = await db
    .selectFrom("api_tokens")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_API_TOKENS)
    throw conflict(`You already have ${MAX_API_TOKENS} API tokens; revoke one first.`);
  const token = `${API_TOKEN_PREFIX}${newToken()}`;
  const id = randomUUID();
  // every token may read: "run" and "deploy" imply "read" (a deployer reads the versions list)
  const scopes = ["read", ...(["run", "deploy"] as const).filter((s) => input.scopes.includes(s))];
  await db
    .insertInto("api_tokens")
    .values({
      id,
      user_id: userId,
      name: input.name,
      token_hash: hashToken(token),
      scopes: scopes.join(","),
      prefix: token.slice(0, SHOWN_CHARS),
      created_at: nowIso(),
      last_used_at: null,
    })
    .execute();
  return { id, token };
}

/** The user's tokens, newest first. */
export async function listApiTokens(db: Kysely<Database>, userId: string): Promise<ApiToken[]> {
  const rows = await db
    .selectFrom("api_tokens")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map(apiTokenView);
}

/** Revokes one of the user's tokens; false when the user has no token with that id. */
export async function revokeApiToken(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom("api_tokens")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The user and scopes of a token text, or undefined; records when it was used. */
export async function findApiTokenUser(
  db: Kysely<Database>,
  token: string,
): Promise<{ user: UserRow; tokenId: string; scopes: ApiTokenScope[] } | undefined> {
  if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 200) return undefined;
  const row = await db
    .selectFrom("api_tokens")
    .innerJoin("users", "users.id", "api_tokens.user_id")
    .selectAll("users")
    .select(["api_tokens.id as token_id", "api_tokens.scopes as token_scopes"])
    .where("api_tokens.token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row) return undefined;
  const { token_id, token_scopes, ...user } = row;
  await db
    .updateTable("api_tokens")
    .set({ last_used_at: nowIso() })
    .where("id", "=", token_id)
    .execute();
  return { user: user as UserRow, tokenId: token_id, scopes: scopesOf(token_scopes) };
}
