/**
 * Kysely table types. Portable across SQLite and PostgreSQL: ids are text
 * (UUIDs), timestamps ISO-8601 UTC text, booleans integers (0/1), JSON text.
 * The row types live in feature modules (`schema-*.ts`), re-exported here;
 * this module maps table names to them. Each feature adds its tables to its
 * module, maps them below, and adds a migration in `migrations/`.
 */

import type {
  AccountSwitchesTable,
  ApiTokensTable,
  AuthTokensTable,
  SessionsTable,
  UsersTable,
} from "./schema-auth";
import type { UserDatasetsTable } from "./schema-datasets";
import type { RatingsTable } from "./schema-feedback";
import type {
  RunEvidenceTable,
  RunExamplesTable,
  RunFrontierEvidenceTable,
  RunIterationsTable,
  RunsTable,
} from "./schema-runs";
import type {
  DeploySplitsTable,
  DeployVersionsTable,
  IntegrationsTable,
  IntegrationUsernamesTable,
  TelegramChatsTable,
} from "./schema-telegram";
import type {
  LlmCacheTable,
  RateLimitHitsTable,
  UsageBudgetsTable,
  UsageMeterTable,
} from "./schema-usage";

export * from "./schema-auth";
export * from "./schema-datasets";
export * from "./schema-feedback";
export * from "./schema-runs";
export * from "./schema-telegram";
export * from "./schema-usage";

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
