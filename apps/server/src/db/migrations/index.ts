/**
 * Every migration, in order. Names sort chronologically; add a line for each
 * new file. A static list (instead of reading a folder) keeps migrations
 * inside the bundled server.
 */
import type { Migration } from "kysely";
import * as foundation from "./20261121_01_foundation";

export const migrations: Record<string, Migration> = {
  "20261121_01_foundation": foundation,
};
