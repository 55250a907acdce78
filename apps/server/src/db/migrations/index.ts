/**
 * Every migration, in order. Names sort chronologically; add a line for each
 * new file. A static list (instead of reading a folder) keeps migrations
 * inside the bundled server.
 */
import type { Migration } from "kysely";
import * as foundation from "./20261121_01_foundation";
import * as auth from "./20261121_02_auth";
import * as runs from "./20261121_03_runs";
import * as integration from "./20261121_04_integration";
import * as attackFixes from "./20261123_01_attack_fixes";
import * as telegramVerification from "./20261123_02_telegram_verification";
import * as runHeldOutEstimate from "./20261123_05_run_held_out_estimate";
import * as historyQuota from "./20261124_10_history_quota";
import * as usageBudgets from "./20261124_20_usage_budgets";
import * as telegramClaims from "./20261124_40_telegram_claims";
import * as accountSwitches from "./20261124_41_account_switches";
import * as datasetTask from "./20261124_50_dataset_task";
import * as runEvidence from "./20261124_60_run_evidence";
import * as apiTokens from "./20261124_71_api_tokens";
import * as runBestIteration from "./20261124_80_run_best_iteration";
import * as frontier from "./20261124_a0_frontier";
import * as ratings from "./20261124_b0_ratings";
import * as evidenceRubricMet from "./20261124_c1_evidence_rubric_met";
import * as deployVersions from "./20261124_e0_deploy_versions";
import * as deploySplits from "./20261124_f0_deploy_splits";
import * as frontierEvidence from "./20261125_c0_frontier_evidence";
import * as frontierChoice from "./20261127_a0_frontier_choice";
import * as runPresentedTemperature from "./20261202_a0_run_presented_temperature";

export const migrations: Record<string, Migration> = {
  "20261121_01_foundation": foundation,
  "20261121_02_auth": auth,
  "20261121_03_runs": runs,
  "20261121_04_integration": integration,
  "20261123_01_attack_fixes": attackFixes,
  "20261123_02_telegram_verification": telegramVerification,
  "20261123_05_run_held_out_estimate": runHeldOutEstimate,
  "20261124_10_history_quota": historyQuota,
  "20261124_20_usage_budgets": usageBudgets,
  "20261124_40_telegram_claims": telegramClaims,
  "20261124_41_account_switches": accountSwitches,
  "20261124_50_dataset_task": datasetTask,
  "20261124_60_run_evidence": runEvidence,
  "20261124_71_api_tokens": apiTokens,
  "20261124_80_run_best_iteration": runBestIteration,
  "20261124_a0_frontier": frontier,
  "20261124_b0_ratings": ratings,
  "20261124_c1_evidence_rubric_met": evidenceRubricMet,
  "20261124_e0_deploy_versions": deployVersions,
  "20261124_f0_deploy_splits": deploySplits,
  "20261125_c0_frontier_evidence": frontierEvidence,
  "20261127_a0_frontier_choice": frontierChoice,
  "20261202_a0_run_presented_temperature": runPresentedTemperature,
};
