/**
 * Per-example evidence and the optimiser's reasoning of a stored run, for
 * its owner only (another user's run looks absent: 404): a paged grid of two
 * configurations, its CSV/JSONL export, and every iteration's reasoning.
 */
import {
  EvidenceExportQuerySchema,
  type EvidencePage,
  EvidenceQuerySchema,
  evidenceSelectorOf,
  type IterationReasoning,
  RunPickSchema,
  type RunReasoning,
  type SingleAgentIteration,
} from "@promptune/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { notFound } from "../errors";
import { requireUser } from "../http/auth-guard";
import type { RunIterationRow, RunRow } from "../runs/repository";
import { compareRows, configurationsOf, defaultB, presentedOf } from "./compare";
import { evidenceCsv, evidenceJsonl } from "./export";
import { EvidenceRepository } from "./repository";
import { frontierSidesOf, recommendedOffPrimary, selectSide } from "./sides";

/** Evidence and reasoning routes. */
export async function evidenceRoutes(app: FastifyInstance): Promise<void> {
  const evidence = () => new EvidenceRepository(app.deps.db);

  /** The caller's run and its iterations; 404 when absent or someone else's. */
  async function ownedRun(
    request: FastifyRequest,
  ): Promise<{ run: RunRow; iterations: RunIterationRow[] }> {
    const user = await requireUser(request);
    const id = (request.params as { id: string }).id;
    const run = await app.deps.runs.getOwned(user.id, id);
    if (!run) throw notFound("No such optimization run.");
    return { run, iterations: await app.deps.runs.iterations(run.id) };
  }

  /** The comparison of the query's A and B (all rows, before paging). */
  async function comparison(
    run: RunRow,
    iterations: RunIterationRow[],
    query: ReturnType<typeof EvidenceQuerySchema.parse>,
  ) {
    const repo = evidence();
    const configurations = configurationsOf(run, iterations);
    const frontierPoints = frontierSidesOf(
      run,
      run.frontier ? await repo.frontierPoints(run.id) : [],
    );
    const a = selectSide(query.a ?? 0, configurations, frontierPoints);
    const b = selectSide(
      query.b ?? recommendedOffPrimary(run, frontierPoints) ?? defaultB(configurations),
      configurations,
      frontierPoints,
    );
    const [examples, answersA, answersB] = await Promise.all([
      repo.examples(run.id),
      repo.answersOf(run.id, a.key),
      repo.answersOf(run.id, b.key),
    ]);
    const compared = compareRows({ examples, a: answersA, b: answersB, query });
    return { configurations, frontierPoints, a: a.side, b: b.side, ...compared };
  }

  app.get("/auto-tune/optimize/runs/:id/evidence", async (request) => {
    const { run, iterations } = await ownedRun(request);
    const query = EvidenceQuerySchema.parse(request.query ?? {});
    const c = await comparison(run, iterations, query);
    const start = (query.page - 1) * query.page_size;
    const data: EvidencePage = {
      run_id: run.id,
      mode: run.mode as EvidencePage["mode"],
      a: c.a,
      b: c.b,
      configurations: c.configurations,
      frontier_points: c.frontierPoints,
      counts: c.counts,
      test_compared: c.testCompared,
      page: query.page,
      page_size: query.page_size,
      total: c.rows.length,
      rows: c.rows.slice(start, start + query.page_size),
    };
    return { success: true, data };
  });

  app.get("/auto-tune/optimize/runs/:id/evidence/export", async (request, reply) => {
    const { run, iterations } = await ownedRun(request);
    const { format, ...filters } = EvidenceExportQuerySchema.parse(request.query ?? {});
    const query = EvidenceQuerySchema.parse(filters);
    const c = await comparison(run, iterations, query);
    const [a, b] = [evidenceSelectorOf(c.a), evidenceSelectorOf(c.b)];
    const name = `evidence-${run.id}-${a}-vs-${b}.${format}`;
    reply.header("content-disposition", `attachment; filename="${name}"`);
    if (format === "csv") {
      reply.type("text/csv; charset=utf-8");
      return evidenceCsv(c.rows, c.a, c.b);
    }
    reply.type("application/x-ndjson; charset=utf-8");
    return evidenceJsonl(c.rows, c.a, c.b);
  });

  app.get("/auto-tune/optimize/runs/:id/reasoning", async (request) => {
    const { run, iterations } = await ownedRun(request);
    const final = run.final_result ? (JSON.parse(run.final_result) as { pick?: unknown }) : null;
    const pick = final?.pick ? RunPickSchema.safeParse(final.pick) : null;
    const data: RunReasoning = {
      run_id: run.id,
      mode: run.mode as RunReasoning["mode"],
      status: run.status,
      iterations: iterations.map(reasoningOf),
      presented: presentedOf(run),
      pick: pick?.success ? pick.data : null,
    };
    return { success: true, data };
  });
}

/** One stored iteration's reasoning (fields absent in runs stored before they were recorded). */
function reasoningOf(row: RunIterationRow): IterationReasoning {
  const d = JSON.parse(row.data) as Partial<SingleAgentIteration>;
  return {
    iteration: row.iteration,
    candidate_iteration: d.candidate_iteration ?? (d.accepted ? row.iteration : 0),
    parent: d.parent ?? null,
    accepted: d.accepted ?? false,
    component: d.component ?? null,
    rationale: d.rationale ?? null,
    validation_score: d.validation_score ?? 0,
    validation_interval: d.validation_interval ?? null,
    proposals: d.proposals ?? [],
  };
}
