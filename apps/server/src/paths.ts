/**
 * Where relative paths of the configuration point: the repository root (the
 * folder whose package.json declares the npm workspaces), whichever folder
 * the app was started from. `npm start` runs the server with apps/server as
 * its working directory while `node apps/server/dist/main.js` from the root
 * does not; resolving against the root makes `data/` one folder for both.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

let cachedRoot: string | undefined;

/** True when `dir` holds the monorepo's root package.json (one with `workspaces`). */
function isWorkspaceRoot(dir: string): boolean {
  const manifest = join(dir, "package.json");
  if (!existsSync(manifest)) return false;
  try {
    return Array.isArray(
      (JSON.parse(readFileSync(manifest, "utf8")) as { workspaces?: unknown }).workspaces,
    );
  } catch {
    return false;
  }
}

/**
 * The repository root, found by walking up from `start` (this module's folder
 * by default; works from the sources and from the bundled dist). Falls back to
 * the working directory when the app runs outside the repository (e.g. a
 * container that copied only the built server).
 */
export function repoRoot(start?: string): string {
  if (start === undefined && cachedRoot) return cachedRoot;
  let dir = start ?? dirname(fileURLToPath(import.meta.url));
  let found = process.cwd();
  for (let i = 0; i < 12; i++) {
    if (isWorkspaceRoot(dir)) {
      found = dir;
      break;
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  if (start === undefined) cachedRoot = found;
  return found;
}

/** An absolute path: absolute paths unchanged, relative ones taken from the repository root. */
export function fromRepoRoot(path: string, root: string = repoRoot()): string {
  return isAbsolute(path) ? path : resolve(root, path);
}
