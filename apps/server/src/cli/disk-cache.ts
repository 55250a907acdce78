/**
 * The CLI's persistent response cache: deterministic answers (temperature 0,
 * same model, messages and schema — the gateway's cache key) kept as files,
 * so re-running an unchanged eval in CI costs no model call. The key also
 * covers the provider URL, so two providers never share answers. Disabled
 * with --no-cache; the folder is --cache-dir or PROMPTUNE_CACHE_DIR, default
 * `.promptune-cache` in the working directory.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ResponseCache } from "../llm";

/** Default folder of the cache, relative to the working directory. */
export const DEFAULT_CACHE_DIR = ".promptune-cache";

/** A ResponseCache of one JSON file per request under `dir`. */
export class DiskCache implements ResponseCache {
  constructor(
    private readonly dir: string,
    /** Separates providers: part of every file name's hash. */
    private readonly namespace: string,
  ) {}

  private pathOf(key: string): string {
    const hash = createHash("sha256").update(`${this.namespace}\n${key}`).digest("hex");
    return join(this.dir, hash.slice(0, 2), `${hash}.json`);
  }

  async get(key: string): Promise<string | undefined> {
    try {
      return await readFile(this.pathOf(key), "utf8");
    } catch {
      return undefined;
    }
  }

  /** Writes atomically (temporary file, then rename) so a killed run never leaves half a file. */
  async set(key: string, value: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(join(path, ".."), { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    await writeFile(temporary, value, "utf8");
    await rename(temporary, path);
  }
}
