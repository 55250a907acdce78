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
  /** The cost–quality frontier (JSON array, FrontierPointSchema); null without candidate models. */
  frontier: string | null;
  /** The frontier point the user chose (index into `frontier`); null: the recommended one. */
  frontier_choice: number | null;
  selected_step: number | null;
  /** The presented iteration of a finished run (its final result's best_iteration). */
  best_iteration: number | null;
  /**
   * The temperature a finished single-agent run presents (its final result's), which the end's
   * temperature probe may have moved from the presented iteration's own; null for multi-agent runs.
   */
  presented_temperature: number | null;
  error: string | null;
  /** Times the run was started (first start and every resume). */
  attempts: number;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  /** Until when the executing process holds the run (renewed while it runs); null when idle. */
  lease_until: string | null;
  /** Characters of the request plus the stored iterations (what its history record is built from). */
  stored_chars: number;
}

export interface RunIterationsTable {
  run_id: string;
  iteration: number;
  /** The iteration's data as sent on the socket (JSON). */
  data: string;
  created_at: string;
}

/** A compared example's input, stored once per run (migration 20261124_6). */
export interface RunExamplesTable {
  run_id: string;
  example_id: string;
  /** "validation" or "test". */
  split: string;
  position: number;
  /** JSON: { dialog, reference, rubric }. */
  example: string;
}

/** One candidate's answer to one example (migration 20261124_6). */
export interface RunEvidenceTable {
  run_id: string;
  /** Creating iteration of the candidate. */
  candidate: number;
  split: string;
  example_id: string;
  score: number;
  feedback: string;
  /** One character per rubric item, "1" met or "0" not; null when the judge gave no per-item verdicts. */
  rubric_met: string | null;
  reply: string;
  trace: string;
}

/** A frontier point's answer to one example; see migration 20261125_c0_frontier_evidence. */
export interface RunFrontierEvidenceTable extends Omit<RunEvidenceTable, "candidate"> {
  /** Index of the point in the run's frontier (`runs.frontier`, cheapest first). */
  point: number;
}

export interface UserDatasetsTable {
  id: string;
  user_id: string;
  name: string;
  title: string;
  description: string;
  /** The user's task text given at upload; null for datasets stored before it existed. */
  task: string | null;
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

/** Paid model usage of one user in one period (`d:YYYY-MM-DD` or `m:YYYY-MM`, UTC). */
export interface UsageMeterTable {
  user_id: string;
  period: string;
  /** bigint columns: PostgreSQL returns them as strings, SQLite as numbers. */
  calls: number | string;
  input_tokens: number | string;
  output_tokens: number | string;
  cost_usd: number;
  updated_at: string;
}

/** The operator's budget overrides for one user (null: the env default; 0: no limit). */
export interface UsageBudgetsTable {
  user_id: string;
  daily_calls: number | string | null;
  monthly_calls: number | string | null;
  daily_tokens: number | string | null;
  monthly_tokens: number | string | null;
  daily_cost_usd: number | null;
  monthly_cost_usd: number | null;
  updated_at: string;
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

export interface Database {
  api_tokens: ApiTokensTable;
  users: UsersTable;
  sessions: SessionsTable;
  llm_cache: LlmCacheTable;
  auth_tokens: AuthTokensTable;
  account_switches: AccountSwitchesTable;
  runs: RunsTable;
  run_iterations: RunIterationsTable;
  run_examples: RunExamplesTable;
  run_evidence: RunEvidenceTable;
  run_frontier_evidence: RunFrontierEvidenceTable;
  user_datasets: UserDatasetsTable;
  integrations: IntegrationsTable;
  integration_usernames: IntegrationUsernamesTable;
  telegram_chats: TelegramChatsTable;
  rate_limit_hits: RateLimitHitsTable;
  usage_meter: UsageMeterTable;
  usage_budgets: UsageBudgetsTable;
  ratings: RatingsTable;
  deploy_versions: DeployVersionsTable;
  deploy_splits: DeploySplitsTable;
}

/** A rateable bot reply and its rating (issue 25); see migration 20261124_b0_ratings. */
export interface RatingsTable {
  id: string;
  /** Whose Feedback dataset the row belongs to (the chat's user, or the integration owner). */
  user_id: string;
  /** "web" | "telegram" */
  source: string;
  /** "before" | "after": the pane or the bot that replied. */
  side: string;
  /** "single" | "multi" */
  chat_mode: string;
  /** The Telegram chat (null for web chats). */
  chat_id: string | null;
  /** JSON DialogEntry[]: the conversation up to the rated reply, ending with the human turn. */
  dialog: string;
  reply: string;
  /** The prompt (for multi-agent chats: the configuration as JSON) and its sha256. */
  prompt: string;
  prompt_hash: string;
  model: string;
  temperature: number;
  /** "up" | "down"; null while unrated. */
  rating: string | null;
  correction: string | null;
  note: string | null;
  /** The owner's edited reference / rubric (JSON string[]); null: derived from the rating. */
  reference: string | null;
  rubric: string | null;
  /** "owner" | "friend" (Telegram), "owner" for web chats. */
  rater_role: string | null;
  rater_username: string | null;
  rater_telegram_id: string | null;
  /** 1 while the Telegram chat's next message is taken as this reply's correction. */
  awaiting_correction: number;
  created_at: string;
  rated_at: string | null;
  /** The deployed version that produced a Telegram after-bot reply (migration 20261124_e0). */
  version_id: string | null;
}

/** A deployed version of the after-bot (issue 25, item 3); see migration 20261124_e0_deploy_versions. */
export interface DeployVersionsTable {
  id: string;
  user_id: string;
  /** 1, 2, 3… per user. */
  number: number;
  /** "run" | "integration" (saved on the Integration page). */
  source: string;
  prompt: string;
  model_name: string;
  temperature: number;
  run_id: string | null;
  iteration: number | null;
  /** Index into the run's cost–quality frontier when a frontier point was deployed. */
  frontier_point: number | null;
  /** The run's held-out comparison (JSON, HeldOutComparisonSchema) or null when unmeasured. */
  held_out: string | null;
  /** 1 when the user deployed past a refusal of the gate. */
  override_confirmed: number;
  /** Why the gate would have refused (recorded with an override). */
  gate_reason: string | null;
  /** The deployer's email. */
  deployed_by: string;
  /** 1 for the version the after-bot serves (one per user). */
  active: number;
  activated_at: string;
  activated_by: string;
  created_at: string;
}

/** A user's optional after-bot traffic split (issue 25, item 4); see migration 20261124_f0_deploy_splits. */
export interface DeploySplitsTable {
  /** One split per user; the active version is the new side. */
  user_id: string;
  /** The version served to the people outside the active version's share. */
  baseline_version_id: string;
  /** 1–99: the share of the after-bot's people the active version serves. */
  share_percent: number;
  created_by: string;
  created_at: string;
}
