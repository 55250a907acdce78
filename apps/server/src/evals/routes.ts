/**
 * POST /api/evals: the REST counterpart of `promptune eval` for scripts and
 * API tokens with the run scope — one prompt and model scored on a dataset's
 * held-out split (or every example) with the dataset's metric, answered as
 * an EvalReport. The evaluation stops when the client goes away.
 */
import { type EvalReport, EvalRequestSchema, MAX_SERVER_EVAL_EXAMPLES } from "@promptune/contracts";
import {
  createScorer,
  evaluateCandidate,
  meanScore,
  singleAgentAdapter,
  splitDataset,
} from "@promptune/engine";
import type { FastifyInstance } from "fastify";
import { badRequest } from "../errors";
import { requireUser } from "../http/auth-guard";
import { toUsage } from "../runs/mapping";

/** The eval route (registered under /api). */
export async function evalRoutes(app: FastifyInstance): Promise<void> {
  const { llm, datasets } = app.deps;

  app.post("/evals", async (request, reply) => {
    const user = await requireUser(request);
    const body = EvalRequestSchema.parse(request.body);
    if (!llm.listModels().includes(body.model_name))
      throw badRequest(
        `Unknown model "${body.model_name}". Available models: ${llm.listModels().join(", ")}.`,
      );
    const dataset = await datasets.resolve(user.id, body.dataset_name);
    const examples =
      body.split === "all" ? dataset.examples : splitDataset(dataset.name, dataset.examples).test;
    if (!examples.length)
      throw badRequest(`${dataset.name} has no held-out examples; use split "all".`);
    if (examples.length > MAX_SERVER_EVAL_EXAMPLES)
      throw badRequest(
        `A server eval scores at most ${MAX_SERVER_EVAL_EXAMPLES} examples (${dataset.name} has ${examples.length}); use the held-out split or the CLI.`,
      );
    const controller = new AbortController();
    reply.raw.once("close", () => {
      if (!reply.raw.writableFinished) controller.abort(new Error("client disconnected"));
    });
    const bundled = (await datasets.bundledNames()).includes(dataset.name);
    const startedAt = new Date();
    const usage = { calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, cachedCalls: 0 };
    const metered = {
      complete: async (r: Parameters<typeof llm.complete>[0]) => {
        const out = await llm.complete(r);
        add(out.usage);
        return out;
      },
      completeStructured: async <T>(r: Parameters<typeof llm.completeStructured<T>>[0]) => {
        const out = await llm.completeStructured(r);
        add(out.usage);
        return out;
      },
    };
    function add(u: typeof usage) {
      usage.calls += u.calls;
      usage.inputTokens += u.inputTokens;
      usage.outputTokens += u.outputTokens;
      usage.costUsd += u.costUsd;
      usage.cachedCalls += u.cachedCalls;
    }
    const scorer = createScorer({
      metric: dataset.metric,
      llm: metered,
      judgeModel: llm.roles.judge,
      examples,
    });
    const stage = await evaluateCandidate(
      {
        adapter: singleAgentAdapter({
          model: body.model_name,
          reflectionModel: llm.roles.reflection,
          tuneTemperature: false,
        }),
        llm: metered,
        scorer,
        scorerDepth: 0,
      },
      { prompt: body.prompt, temperature: body.temperature },
      examples,
      controller.signal,
    );
    const results = stage.evaluations.map((e, i) => ({
      id: examples[i]?.id ?? String(i),
      score: e.score,
      passed: e.score >= body.pass_score,
      feedback: e.feedback,
      reply: e.reply,
    }));
    const report: EvalReport = {
      type: "eval",
      dataset: {
        name: dataset.name,
        source: bundled ? "bundled" : "file",
        metric: dataset.metric,
        size: dataset.examples.length,
      },
      split: body.split,
      model: body.model_name,
      configuration: { prompt: body.prompt, temperature: body.temperature },
      temperature: body.temperature,
      score: meanScore(results.map((r) => r.score)),
      pass_score: body.pass_score,
      examples: results.length,
      passed: results.filter((r) => r.passed).length,
      results,
      usage: toUsage(usage),
      status: "complete",
      repeat: 1,
      started_at: startedAt.toISOString(),
      duration_ms: Date.now() - startedAt.getTime(),
    };
    return { success: true, data: report };
  });
}
