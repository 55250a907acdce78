import type { MultiAgentConfig } from "@promptune/contracts";
import { INTERMEDIATE_HEADER } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { CompletionRequest, LlmPort, LlmUsage, StructuredRequest } from "../ports";
import {
  DelegationPlanSchema,
  delegationPlanSchemaFor,
  rosterSection,
  withoutIntermediate,
} from "./prompts";
import { resolvePlan, runMultiAgentTurn } from "./runtime";

const usage = (n: number): LlmUsage => ({
  calls: 1,
  inputTokens: n,
  outputTokens: n,
  costUsd: n / 1000,
  cachedCalls: 0,
});

const config: MultiAgentConfig = {
  "master-agent": {
    name: "Coordinator",
    prompt: "Lead the team.",
    model_name: "coord-model",
    temperature: 0.2,
    description: "coordinates",
  },
  "worker-agents": [
    {
      name: "Expert",
      prompt: "Know facts.",
      model_name: "expert-model",
      temperature: 0.1,
      description: "facts and figures",
    },
    {
      name: "Synthesizer",
      prompt: "Write well.",
      model_name: "synth-model",
      temperature: 0.9,
      description: "clear prose",
    },
    {
      name: "Critic",
      prompt: "Find flaws.",
      model_name: "critic-model",
      temperature: 0.5,
      description: "",
    },
  ],
};

interface Deferred {
  request: CompletionRequest;
  resolve: (text: string) => void;
  reject: (e: unknown) => void;
}

/** A fake port: the plan is given; worker calls wait until the test resolves them. */
function controlledLlm(plan: { delegations: { worker: string; task: string }[] }) {
  const workers: Deferred[] = [];
  const seen: Array<CompletionRequest | StructuredRequest<unknown>> = [];
  const llm: LlmPort = {
    async completeStructured<T>(request: StructuredRequest<T>) {
      seen.push(request as StructuredRequest<unknown>);
      return { value: request.schema.parse(plan), usage: usage(1) };
    },
    complete(request) {
      seen.push(request);
      if (request.purpose === "composer") {
        const last = request.messages.at(-1)?.content ?? "";
        return Promise.resolve({
          text: `composed from: ${last.includes("<worker_reports>") ? "reports" : "nothing"}`,
          usage: usage(3),
        });
      }
      return new Promise((resolve, reject) => {
        workers.push({ request, resolve: (text) => resolve({ text, usage: usage(2) }), reject });
      });
    },
  };
  return { llm, workers, seen };
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

const dialog = [
  { type: "human" as const, content: "Hi" },
  { type: "ai" as const, content: `Hello!\n\n${INTERMEDIATE_HEADER}\n[master]: plan` },
  { type: "human" as const, content: "Compare TCP and UDP" },
];

describe("multi-agent runtime", () => {
  it("runs the delegated workers in parallel and composes their reports", async () => {
    const { llm, workers, seen } = controlledLlm({
      delegations: [
        { worker: "synthesizer", task: "Write it up" },
        { worker: "Expert", task: "List the differences" },
      ],
    });
    const turn = runMultiAgentTurn(llm, config, dialog);
    await flush();
    // Both worker calls are in flight before either has answered: they run in parallel.
    expect(workers).toHaveLength(2);
    expect(workers.map((w) => w.request.model).sort()).toEqual(["expert-model", "synth-model"]);
    // Answer out of order: the later-listed worker first.
    workers.find((w) => w.request.model === "synth-model")?.resolve("prose");
    await flush();
    expect(seen.some((r) => r.purpose === "composer")).toBe(false); // composition waits for all workers
    workers.find((w) => w.request.model === "expert-model")?.resolve("facts");
    const result = await turn;

    expect(result.content).toBe("composed from: reports");
    expect(result.intermediate).toEqual([
      {
        name: "master",
        content: "Delegating:\n- Expert: List the differences\n- Synthesizer: Write it up",
      },
      { name: "worker1", content: "facts" },
      { name: "worker2", content: "prose" },
    ]);
    expect(result.usage).toEqual({
      calls: 4,
      inputTokens: 8,
      outputTokens: 8,
      costUsd: 0.008,
      cachedCalls: 0,
    });
    expect(result.trace).toContain(
      '## Worker "Expert" (worker1; model expert-model, temperature 0.1)',
    );
    expect(result.trace).toContain("Output:\nprose");
    expect(result.trace).toContain("composed from: reports");
  });

  it("gives each agent its own prompt, model, temperature and purpose", async () => {
    const { llm, workers, seen } = controlledLlm({
      delegations: [{ worker: "Critic", task: "Find gaps" }],
    });
    const turn = runMultiAgentTurn(llm, config, dialog);
    await flush();
    workers[0]?.resolve("gaps");
    await turn;
    const [plan, worker, composer] = seen;
    expect(plan).toMatchObject({
      purpose: "coordinator",
      model: "coord-model",
      temperature: 0.2,
      schemaName: "delegation_plan",
    });
    expect(plan?.messages[0]?.content).toContain("Lead the team.");
    expect(plan?.messages[0]?.content).toContain(
      "<workers>\n- Expert: facts and figures\n- Synthesizer: clear prose\n- Critic: general assistant\n</workers>",
    );
    // The coordinator sees the dialog as sent; workers and composer without earlier intermediate messages.
    expect(plan?.messages[2]?.content).toContain(INTERMEDIATE_HEADER);
    expect(worker).toMatchObject({ purpose: "worker", model: "critic-model", temperature: 0.5 });
    expect(worker?.messages[0]?.content.startsWith("Find flaws.")).toBe(true);
    expect(worker?.messages[2]).toEqual({ role: "assistant", content: "Hello!" });
    expect(worker?.messages.at(-1)?.content).toBe(
      "Compare TCP and UDP\n\n<task>\nFind gaps\n</task>",
    );
    expect(composer).toMatchObject({ purpose: "composer", model: "coord-model", temperature: 0.2 });
    expect(composer?.messages.at(-1)?.content).toBe(
      "Compare TCP and UDP\n\n<worker_reports>\n### Critic\ngaps\n</worker_reports>",
    );
  });

  it("drops unknown workers (the plan's enum excludes them) and answers directly when nobody is left", async () => {
    const { llm, workers, seen } = controlledLlm({
      delegations: [{ worker: "Oracle", task: "Predict" }],
    });
    const result = await runMultiAgentTurn(llm, config, dialog);
    expect(workers).toHaveLength(0);
    expect(result.content).toBe("composed from: nothing");
    expect(result.intermediate).toEqual([
      { name: "master", content: "No delegation: answering directly." },
    ]);
    expect(seen.map((r) => r.purpose)).toEqual(["coordinator", "composer"]);
    expect(result.usage.calls).toBe(2);
  });

  it("fails the turn when a worker fails, and passes the caller's signal to every call", async () => {
    const { llm, workers, seen } = controlledLlm({
      delegations: [{ worker: "Expert", task: "t" }],
    });
    const ctrl = new AbortController();
    const turn = runMultiAgentTurn(llm, config, dialog, { signal: ctrl.signal });
    await flush();
    workers[0]?.reject(new Error("provider down"));
    await expect(turn).rejects.toThrow("provider down");
    expect(seen.every((r) => r.signal === ctrl.signal)).toBe(true);
  });
});

describe("plan resolution and prompt pieces", () => {
  const roster = config["worker-agents"].map((agent, index) => ({
    index,
    key: `worker${index + 1}`,
    agent,
  }));

  it("merges repeated workers, fills empty tasks and keeps roster order", () => {
    const r = resolvePlan(
      {
        delegations: [
          { worker: "Critic", task: "a" },
          { worker: " expert ", task: "" },
          { worker: "CRITIC", task: "b" },
          { worker: "Ghost", task: "x" },
          { worker: "Ghost", task: "y" },
        ],
      },
      roster,
      "the question",
    );
    expect(r.delegations.map((d) => [d.entry.key, d.task])).toEqual([
      ["worker1", "the question"],
      ["worker3", "a\nb"],
    ]);
    expect(r.unknown).toEqual(["Ghost"]);
  });

  it("renders the roster one line per worker and strips intermediate messages", () => {
    expect(rosterSection(roster.slice(0, 1))).toBe(
      "<workers>\n- Expert: facts and figures\n</workers>",
    );
    expect(withoutIntermediate(`Reply\n\n${INTERMEDIATE_HEADER}\n[worker1]: x`)).toBe("Reply");
    expect(withoutIntermediate("Plain")).toBe("Plain");
    expect(DelegationPlanSchema.safeParse({ delegations: [{ worker: "a" }] }).success).toBe(false);
  });
});

describe("delegation plan schema", () => {
  it("names workers through an enum of the roster; a plan naming a missing worker loses that delegation", async () => {
    const { llm, workers, seen } = controlledLlm({ delegations: [] });
    const turn = runMultiAgentTurn(llm, config, [{ type: "human", content: "Hi" }]);
    await new Promise((r) => setTimeout(r, 0));
    const planning = seen.find((r) => "schema" in r) as StructuredRequest<unknown>;
    expect(
      planning.schema.safeParse({ delegations: [{ worker: "Expert", task: "t" }] }).success,
    ).toBe(true);
    expect(planning.schema.parse({ delegations: [{ worker: "Ghost", task: "t" }] })).toEqual({
      delegations: [],
    });
    expect(planning.schema.parse({ delegations: [{ worker: "expert", task: "t" }] })).toEqual({
      delegations: [{ worker: "Expert", task: "t" }],
    });
    const json = JSON.stringify(z.toJSONSchema(planning.schema as z.ZodType, { io: "input" }));
    expect(json).toContain('"enum":["Expert","Synthesizer","Critic"]');
    expect(workers).toHaveLength(0);
    await turn;
  });

  it("keeps the free-text form for an empty roster", () => {
    expect(delegationPlanSchemaFor([]).safeParse({ delegations: [] }).success).toBe(true);
  });
});
