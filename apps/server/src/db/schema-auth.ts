/**
 * Kysely row types for accounts and sign-in: users, their sessions, pending
 * sign-in tokens, account switches and personal API tokens. Split out of
 * `schema.ts` (which re-exports it and maps the tables) to keep the schema
 * readable by feature.
 */

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  company_name: string;
  ready_to_contact: number;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the session token (hex); the token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

/** A sign-in for another account waiting for the signed-in user's confirmation. */
export interface AccountSwitchesTable {
  /** SHA-256 of the switch token the browser holds. */
  token_hash: string;
  /** SHA-256 of the session the switch was offered to (only it may confirm). */
  session_hash: string;
  /** The proven e-mail the switch signs in to. */
  email: string;
  name: string | null;
  created_at: string;
  expires_at: string;
}

/** A pending sign-in: a magic-link token or a 6-digit e-mail code (hashed, single use). */
export interface AuthTokensTable {
  id: string;
  /** "link" (magic link) or "code" (6-digit e-mail code). */
  kind: string;
  /** SHA-256 of the token or code (hex). */
  token_hash: string;
  /** Normalised e-mail the token was sent to. */
  email: string;
  /** Name given at sign-up, applied when the account is created. */
  name: string | null;
  /** Requester's IP, for the per-IP rate limit. */
  ip: string;
  /** Wrong codes entered against this row. */
  attempts: number;
  created_at: string;
  expires_at: string;
  /** Set once the token is used (or invalidated); null while pending. */
  used_at: string | null;
}

/** A personal API token (only its hash is stored); scopes are "read" or "read,run". */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  scopes: string;
  /** The token's first characters, shown in the list so users can tell tokens apart. */
  prefix: string;
  created_at: string;
  last_used_at: string | null;
}
