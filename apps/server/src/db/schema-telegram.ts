/**
 * Kysely row types for the Telegram integration and what its bots serve: the
 * integration record, the usernames it answers, each bot chat's history, and
 * the after-bot's deployed versions and traffic split. Split out of
 * `schema.ts` (which re-exports it and maps the tables) to keep the schema
 * readable by feature.
 */

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
