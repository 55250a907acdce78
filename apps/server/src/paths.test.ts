import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { loadEnv } from "./env";
import { parseLlmConfig } from "./llm/env";
import { fromRepoRoot, repoRoot } from "./paths";

const checkout = fileURLToPath(new URL("../../..", import.meta.url)).replace(/\/$/, "");

describe("paths from the repository root", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it("finds the checkout's root (the package.json with workspaces) from this module", () => {
    expect(repoRoot()).toBe(checkout);
  });

  it("walks up from any folder below a workspace root, and skips workspace package.json files", () => {
    const root = mkdtempSync(join(tmpdir(), "promptune-root-"));
    dirs.push(root);
    writeFileSync(join(root, "package.json"), JSON.stringify({ workspaces: ["apps/*"] }));
    mkdirSync(join(root, "apps", "server", "dist"), { recursive: true });
    writeFileSync(join(root, "apps", "server", "package.json"), JSON.stringify({ name: "server" }));
    expect(repoRoot(join(root, "apps", "server", "dist"))).toBe(root);
    expect(repoRoot(join(root, "apps", "server"))).toBe(root);
  });

  it("keeps absolute paths and takes relative ones from the root", () => {
    expect(fromRepoRoot("/srv/promptune.db", "/repo")).toBe("/srv/promptune.db");
    expect(fromRepoRoot("data/promptune.db", "/repo")).toBe("/repo/data/promptune.db");
  });

  it("puts the SQLite file and the models in the root's data/ whatever the working directory", () => {
    const cwd = process.cwd();
    const seen: string[][] = [];
    try {
      for (const dir of [checkout, join(checkout, "apps", "server"), tmpdir()]) {
        process.chdir(dir);
        const env = loadEnv({});
        seen.push([env.SQLITE_PATH, parseLlmConfig({}).local.modelDir]);
      }
    } finally {
      process.chdir(cwd);
    }
    for (const s of seen) {
      expect(s).toEqual([join(checkout, "data", "promptune.db"), join(checkout, "data", "models")]);
    }
  });
});
