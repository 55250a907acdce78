import { z } from "zod";
import { AuthEnvSchema } from "./auth/env";
import { BudgetsEnvSchema } from "./budgets/env";
import { envFlag, envInt, originProblem } from "./env-helpers";
import { crossVariableProblems } from "./env-rules";
import { TelegramEnvSchema } from "./integration/env";
import { LlmEnvSchema } from "./llm/env";
import { fromRepoRoot } from "./paths";
import { RunsEnvSchema } from "./runs/env";

export { envFlag } from "./env-helpers";

/** Variables of the server shell; features extend this with their own schemas. */
export const BaseEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("127.0.0.1"),
  /** 0 picks a free port (tests). */
  PORT: envInt(3000, 0, 65535),
  PUBLIC_URL: z
    .url({ error: "PUBLIC_URL must be an absolute URL such as https://promptune.example.com" })
    .optional(),
  /** Extra browser origins (scheme://host[:port]) allowed to call the API, comma-separated. */
  ALLOWED_ORIGINS: z
    .string()
    .default("")
    .transform((value, ctx) => {
      const origins: string[] = [];
      for (const entry of value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)) {
        const problem = originProblem(entry);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
        else origins.push(new URL(entry).origin);
      }
      return origins;
    }),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^postgres(ql)?:\/\//.test(v), {
      error: "DATABASE_URL must be a postgres:// URL (leave it empty for the embedded SQLite file)",
    }),
  /** Relative paths are taken from the repository root, whatever the working directory. */
  SQLITE_PATH: z
    .string()
    .default("data/promptune.db")
    .transform((p) => fromRepoRoot(p)),
  REDIS_URL: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: envFlag,
});

/** The full, validated environment of the server. */
export const EnvSchema = BaseEnvSchema.extend(AuthEnvSchema.shape)
  .extend(LlmEnvSchema.shape)
  .extend(RunsEnvSchema.shape)
  .extend(TelegramEnvSchema.shape)
  .extend(BudgetsEnvSchema.shape);

export type Env = z.infer<typeof EnvSchema> & {
  PUBLIC_URL: string;
  /** The raw variables, for feature parsers that read env themselves (LLM gateway). */
  source: Record<string, string | undefined>;
};

/**
 * Validates the environment once at start-up and fails with every problem
 * listed, so a misconfigured deployment stops before serving anything: each
 * variable's own rules, then the rules spanning several (`env-rules.ts`:
 * production URL, LLM, Telegram, mail). Entry points call it first, before
 * the database is opened or migrated.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const problems = crossVariableProblems(env, source);
  if (problems.length) {
    throw new Error(
      `Invalid environment configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`,
    );
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return { ...env, PUBLIC_URL: publicUrl, source: { ...source } };
}
