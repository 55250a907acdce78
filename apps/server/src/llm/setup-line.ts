/**
 * The one start-up log line saying which provider serves which models, so a
 * newcomer knows at once whether chats and runs will download a local model.
 */
import { existsSync } from "node:fs";
import { basename, join, relative, sep } from "node:path";
import { repoRoot } from "../paths";
import { DEFAULT_LOCAL_MODEL_URL, type LlmConfig, providersInUse } from "./env";
import { displayUrl } from "./providers/local-download";

/** A path as the user knows it: relative to the repository when inside it. */
function shown(path: string, root: string): string {
  const rel = relative(root, path);
  return rel && !rel.startsWith("..") && !rel.startsWith(sep) ? rel.split(sep).join("/") : path;
}

/** Where the local model comes from, in a few words. */
function localSource(local: LlmConfig["local"], root: string): string {
  if (local.modelPath) return `from ${shown(local.modelPath, root)}`;
  const file = basename(new URL(local.modelUrl, "file:///").pathname);
  const dir = shown(local.modelDir, root);
  if (file && existsSync(join(local.modelDir, file))) return `already downloaded in ${dir}`;
  const size = local.modelUrl === DEFAULT_LOCAL_MODEL_URL ? ", ~400 MB" : "";
  return `downloaded on first use from ${displayUrl(local.modelUrl)}${size}, into ${dir}`;
}

/**
 * Describes the configuration in one sentence, e.g. "No LLM provider
 * configured: chats and runs use the local model qwen2.5-0.5b-instruct-q4_k_m
 * (downloaded on first use …, ~400 MB, into data/models)".
 */
export function describeLlmSetup(config: LlmConfig, root: string = repoRoot()): string {
  const ids = (kind: "openai" | "local") =>
    config.models
      .filter((m) => m.provider === kind)
      .map((m) => m.id)
      .join(", ");
  const kinds = providersInUse(config);
  const local = `the local model (${localSource(config.local, root)})`;
  if (!config.openai) {
    return `No LLM provider configured: chats and runs use the local model ${ids("local") || config.defaultModel} (${localSource(config.local, root)}); set OPENAI_BASE_URL and/or OPENAI_API_KEY to use a provider instead`;
  }
  const parts = [
    `${ids("openai") || "role models"} via the OpenAI-compatible endpoint ${displayUrl(config.openai.baseURL)}`,
  ];
  if (kinds.includes("local")) parts.push(`${ids("local") || "role models"} via ${local}`);
  return `LLM providers: ${parts.join("; ")} (default model ${config.defaultModel})`;
}
