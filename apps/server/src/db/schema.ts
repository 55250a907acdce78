/**
 * Kysely table types. Portable across SQLite and PostgreSQL: ids are text
 * (UUIDs), timestamps ISO-8601 UTC text, booleans integers (0/1), JSON text.
 * Each feature adds its tables here and a migration in `migrations/`.
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

export interface LlmCacheTable {
  key: string;
  value: string;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  llm_cache: LlmCacheTable;
}
