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

export const migrations: Record<string, Migration> = {
  "20261121_01_foundation": foundation,
  "20261121_02_auth": auth,
  "20261121_03_runs": runs,
  "20261121_04_integration": integration,
  "20261123_01_attack_fixes": attackFixes,
  "20261123_02_telegram_verification": telegramVerification,
  "20261123_05_run_held_out_estimate": runHeldOutEstimate,
};
