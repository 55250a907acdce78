import { fileURLToPath } from "node:url";

/** Folder of review screenshots (e2e/artifacts/, kept out of git, saved by CI runs). */
export const ARTIFACTS_DIR = fileURLToPath(new URL("../artifacts/", import.meta.url));

/** Absolute path of a screenshot in the artifacts folder. */
export function artifactPath(name: string): string {
  return `${ARTIFACTS_DIR}${name}`;
}
