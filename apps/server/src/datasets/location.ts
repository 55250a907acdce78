import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folder of bundled datasets: DATASETS_DIR when set, else the nearest
 * `datasets/index.json` above this module (works from source and from the
 * bundled dist alike).
 */
export function findDatasetsDir(configured?: string): string {
  if (configured) return resolve(configured);
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    if (existsSync(join(dir, "datasets", "index.json"))) return join(dir, "datasets");
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new Error(
    "Bundled datasets not found: set DATASETS_DIR to the folder holding datasets/index.json",
  );
}
