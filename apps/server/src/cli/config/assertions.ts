/**
 * The assertions of a config file as a Scorer: each reply is checked by
 * every assertion (contains, not-contains, regex, JSON schema, an LLM rubric,
 * a JavaScript module); the score is the weighted share passed, the feedback
 * lists what failed so the optimiser's reflection can read it. Regexes run
 * on RE2 (linear time), as dataset patterns do.
 */
import { pathToFileURL } from "node:url";
import type { ConfigAssertion, DatasetExample } from "@promptune/contracts";
import { judgeReply, type LlmPort, type Scorer, type Verdict } from "@promptune/engine";
import { Ajv } from "ajv";
import { RE2JS } from "re2js";
import { UsageError } from "../args-common";

/** `{{expected}}`, `{{reference}}` and `{{id}}` replaced by the example's fields. */
export function fillTemplate(text: string, example: DatasetExample): string {
  return text.replace(/\{\{\s*(expected|reference|id)\s*\}\}/g, (_m, field: string) => {
    if (field === "id") return example.id;
    if (field === "reference") return example.reference;
    return example.expected ?? example.reference;
  });
}

type Check = (example: DatasetExample, reply: string, signal?: AbortSignal) => Promise<Verdict>;

/** A JS module's verdict in any of the accepted shapes, checked. */
function verdictOf(value: unknown, module: string): Verdict {
  if (typeof value === "boolean") return { score: value ? 1 : 0, feedback: "" };
  if (typeof value === "number") return { score: value, feedback: "" };
  const v = value as { score?: unknown; feedback?: unknown } | null;
  if (v && typeof v.score === "number" && !Number.isNaN(v.score))
    return { score: v.score, feedback: typeof v.feedback === "string" ? v.feedback : "" };
  throw new UsageError(
    `assertion module ${module} returned ${JSON.stringify(value)}; expected {score, feedback}, a boolean or a number`,
  );
}

async function moduleCheck(path: string): Promise<Check> {
  let loaded: { default?: unknown };
  try {
    loaded = await import(pathToFileURL(path).href);
  } catch (err) {
    throw new UsageError(`cannot load assertion module ${path}: ${(err as Error).message}`);
  }
  const fn = loaded.default;
  if (typeof fn !== "function")
    throw new UsageError(`assertion module ${path} must export a function as default`);
  return async (example, reply) => verdictOf(await fn(example, reply), path);
}

function compileRegex(pattern: string, flags: string, where: string) {
  let bits = 0;
  if (flags.includes("i")) bits |= RE2JS.CASE_INSENSITIVE;
  if (flags.includes("m")) bits |= RE2JS.MULTILINE;
  if (flags.includes("s")) bits |= RE2JS.DOTALL;
  try {
    return RE2JS.compile(pattern, bits);
  } catch (err) {
    throw new UsageError(`${where}: invalid regex (${(err as Error).message})`);
  }
}

/** One assertion as a check; `resolve` turns a module path into an absolute one. */
async function checkOf(
  a: ConfigAssertion,
  index: number,
  deps: { llm: LlmPort; judgeModel: string; resolve: (p: string) => string },
): Promise<Check> {
  const where = `assertions[${index}]`;
  switch (a.type) {
    case "contains":
    case "not-contains": {
      const wanted = a.type === "contains";
      return async (example, reply) => {
        const value = fillTemplate(a.value, example);
        const found = a.ignore_case
          ? reply.toLowerCase().includes(value.toLowerCase())
          : reply.includes(value);
        return found === wanted
          ? { score: 1, feedback: "" }
          : { score: 0, feedback: `${wanted ? "Missing" : "Must not contain"}: ${value}` };
      };
    }
    case "regex": {
      const fixed = a.pattern.includes("{{") ? null : compileRegex(a.pattern, a.flags, where);
      return async (example, reply) => {
        const re = fixed ?? compileRegex(fillTemplate(a.pattern, example), a.flags, where);
        return re.matcher(reply).find()
          ? { score: 1, feedback: "" }
          : { score: 0, feedback: `The reply does not match /${a.pattern}/` };
      };
    }
    case "json-schema": {
      let validate: ReturnType<Ajv["compile"]>;
      try {
        validate = new Ajv({ allErrors: true, strict: false }).compile(a.schema);
      } catch (err) {
        throw new UsageError(`${where}: invalid JSON schema (${(err as Error).message})`);
      }
      return async (_example, reply) => {
        let json: unknown;
        try {
          json = JSON.parse(reply.trim().replace(/^```(?:json)?\s*|\s*```$/g, ""));
        } catch {
          return { score: 0, feedback: "The reply is not JSON." };
        }
        if (validate(json)) return { score: 1, feedback: "" };
        const problems = (validate.errors ?? [])
          .slice(0, 3)
          .map((e) => `${e.instancePath || "/"} ${e.message ?? ""}`.trim());
        return { score: 0, feedback: `The JSON does not match the schema: ${problems.join("; ")}` };
      };
    }
    case "rubric":
      return async (example, reply, signal) => {
        const { score, feedback } = await judgeReply(deps.llm, {
          model: deps.judgeModel,
          example: { ...example, rubric: a.items.map((item) => fillTemplate(item, example)) },
          reply,
          signal,
        });
        return { score, feedback: score >= 1 ? "" : feedback };
      };
    case "javascript":
      return moduleCheck(deps.resolve(a.module));
  }
}

/**
 * The scorer of a list of assertions. Modules are loaded and patterns and
 * schemas compiled here, before any model call, so a broken assertion is a
 * usage error (exit 2) rather than a failed run.
 */
export async function assertionScorer(
  assertions: ConfigAssertion[],
  deps: { llm: LlmPort; judgeModel: string; resolve: (p: string) => string },
): Promise<Scorer> {
  const checks = await Promise.all(assertions.map((a, i) => checkOf(a, i, deps)));
  const total = assertions.reduce((sum, a) => sum + a.weight, 0);
  return async (example, reply, signal) => {
    const verdicts = await Promise.all(checks.map((check) => check(example, reply, signal)));
    let score = 0;
    const feedback: string[] = [];
    verdicts.forEach((v, i) => {
      const clamped = Math.min(1, Math.max(0, v.score));
      score += clamped * (assertions[i]?.weight ?? 1);
      if (clamped < 1 && v.feedback) feedback.push(v.feedback);
    });
    return {
      score: total ? score / total : 0,
      feedback: feedback.length ? feedback.join("\n") : "All assertions passed.",
    };
  };
}
