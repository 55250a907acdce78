/**
 * The shared tiny GGUF test models: `shared/models/` is a sibling of the
 * repository checkout (never committed; tests skip when it is absent).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../paths";

/** Path of a shared test model, e.g. `sharedTestModel("stories260K.gguf")`. */
export function sharedTestModel(file = "stories260K.gguf"): string {
  return join(repoRoot(), "..", "shared", "models", file);
}

/** True when the shared test model is on this machine. */
export function hasSharedTestModel(file = "stories260K.gguf"): boolean {
  return existsSync(sharedTestModel(file));
}
