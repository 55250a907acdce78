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

export interface LlmCacheTable {
  key: string;
  value: string;
  created_at: string;
}

export interface RunsTable {
  id: string;
  user_id: string;
  /** "single" | "multi" */
  mode: string;
  /** "queued" | "running" | "completed" | "failed" | "cancelled" */
  status: string;
  /** The validated socket request (JSON). */
  request: string;
  dataset_name: string;
  iterations: number;
  seed: number;
  /** Engine checkpoint after the last finished iteration (JSON). */
  checkpoint: string | null;
  /** FinalResult sent with `complete` (JSON). */
  final_result: string | null;
  /** Usage so far (JSON, contracts UsageSchema). */
  usage: string;
  initial_score: number | null;
  best_score: number | null;
  test_score: number | null;
  /** Held-out comparison of initial vs presented configuration (JSON, HeldOutComparisonSchema). */
  held_out: string | null;
  /** The estimate the run was started with (JSON, RunEstimateSchema); its max_calls caps the run. */
  estimate: string | null;
  selected_step: number | null;
  error: string | null;
  /** Times the run was started (first start and every resume). */
  attempts: number;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  /** Until when the executing process holds the run (renewed while it runs); null when idle. */
  lease_until: string | null;
}

export interface RunIterationsTable {
  run_id: string;
  iteration: number;
  /** The iteration's data as sent on the socket (JSON). */
  data: string;
  created_at: string;
}

export interface UserDatasetsTable {
  id: string;
  user_id: string;
  name: string;
  title: string;
  description: string;
  metric: string;
  /** Validated examples (JSON array). */
  examples: string;
  size: number;
  created_at: string;
}

/** A user's Telegram integration (spec §3 integration record); configs are JSON text. */
export interface IntegrationsTable {
  user_id: string;
  /** Owner's Telegram username with the leading '@', as entered. */
  username: string;
  /** JSON array of '@'-prefixed friends' usernames. */
  friends_usernames: string;
  /** JSON {model_name, prompt, temperature} the before bot answers with. */
  init_config: string;
  /** JSON {model_name, prompt, temperature} the after bot answers with. */
  opti_config: string;
  created_at: string;
  updated_at: string;
  /** One-time code of the verification deep link; null once used (or never issued). */
  verify_code: string | null;
  /** Telegram user id that sent the code: the only account the owner username matches. */
  verified_telegram_id: string | null;
  /** The owner username key the verification was made for (cleared when the username changes). */
  verified_username_key: string | null;
  verified_at: string | null;
}

/** Lower-cased usernames an integration answers (owner and friends), for matching senders. */
export interface IntegrationUsernamesTable {
  user_id: string;
  /** '@' plus the lower-cased username. */
  username_key: string;
  /** "owner" | "friend" */
  role: string;
}

/** One bot chat's bounded history (JSON [{role, content}]), reset by /reset. */
export interface TelegramChatsTable {
  /** "before" | "after" */
  bot: string;
  chat_id: string;
  /** The integration owner the history was written under (another owner starts afresh). */
  owner_user_id: string | null;
  messages: string;
  updated_at: string;
}

/** One rate-limit counter: hits of one key within one fixed window. */
export interface RateLimitHitsTable {
  /** `<limit>:<subject>:<window index>`, e.g. `verify:ip:10.0.0.1:1953`. */
  key: string;
  hits: number;
  /** End of the window; the sweeper deletes the row after it. */
  expires_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  llm_cache: LlmCacheTable;
  auth_tokens: AuthTokensTable;
  runs: RunsTable;
  run_iterations: RunIterationsTable;
  user_datasets: UserDatasetsTable;
  integrations: IntegrationsTable;
  integration_usernames: IntegrationUsernamesTable;
  telegram_chats: TelegramChatsTable;
  rate_limit_hits: RateLimitHitsTable;
}
