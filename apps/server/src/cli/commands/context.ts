/** What every command gets from the entry point. */
import type { DatasetLocation } from "../dataset-source";
import type { CliIo } from "../reporters/progress";

/** Output streams, environment, where bundled datasets live, and the Ctrl-C signal. */
export interface CommandContext extends DatasetLocation {
  io: CliIo;
  signal?: AbortSignal;
}
