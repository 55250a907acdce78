/**
 * The multi-agent runtime shared by chat and optimisation: the coordinator
 * plans delegations over the worker roster, the chosen workers run in
 * parallel (each with its own prompt, model and temperature), and the
 * coordinator composes the final reply.
 */
import type { DialogEntry, MultiAgentConfig } from "@promptune/contracts";
import { addUsage, type CallPriority, type LlmPort, type LlmUsage } from "../ports";
import { mapAll } from "../util/limit";
import {
  composerMessages,
  coordinatorMessages,
  DELEGATION_PLAN_SCHEMA_NAME,
  type DelegationPlan,
  delegationPlanSchemaFor,
  type RosterEntry,
  rosterName,
  type WorkerReport,
  workerMessages,
} from "./prompts";

/** One turn of a multi-agent conversation. */
export interface MultiAgentTurn {
  /** The final reply to the user. */
  content: string;
  /** `master` (the plan), then `worker1`, `worker2`, … (by roster position) for the consulted workers. */
  intermediate: { name: string; content: string }[];
  usage: LlmUsage;
  /** Human-readable account of plan, worker outputs and composition, for reflection. */
  trace: string;
}

/** A delegation resolved against the roster. */
export interface ResolvedDelegation {
  entry: RosterEntry;
  task: string;
}

/**
 * Matches a plan to the roster: names compare case-insensitively; unknown
 * names are returned separately and ignored; a worker named twice gets both
 * tasks; an empty task becomes the user's latest message. Roster order.
 */
export function resolvePlan(
  plan: DelegationPlan,
  roster: RosterEntry[],
  fallbackTask: string,
): { delegations: ResolvedDelegation[]; unknown: string[] } {
  const byName = new Map<string, RosterEntry>();
  for (const entry of roster) {
    const key = rosterName(entry.agent.name).toLowerCase();
    if (!byName.has(key)) byName.set(key, entry);
  }
  const tasks = new Map<number, string[]>();
  const unknown: string[] = [];
  for (const d of plan.delegations) {
    const entry = byName.get(rosterName(d.worker).toLowerCase());
    if (!entry) {
      if (!unknown.includes(d.worker)) unknown.push(d.worker);
      continue;
    }
    const list = tasks.get(entry.index) ?? [];
    const task = d.task.trim() || fallbackTask;
    if (!list.includes(task)) list.push(task);
    tasks.set(entry.index, list);
  }
  const delegations = roster
    .filter((e) => tasks.has(e.index))
    .map((entry) => ({ entry, task: (tasks.get(entry.index) ?? []).join("\n") }));
  return { delegations, unknown };
}

function planSummary(delegations: ResolvedDelegation[], unknown: string[]): string {
  const lines =
    delegations.length === 0
      ? ["No delegation: answering directly."]
      : ["Delegating:", ...delegations.map((d) => `- ${d.entry.agent.name}: ${d.task}`)];
  if (unknown.length > 0) lines.push(`Ignored unknown workers: ${unknown.join(", ")}`);
  return lines.join("\n");
}

/**
 * Runs one multi-agent turn for the dialog (which ends with the human message
 * to answer). Throws when a model call fails (the gateway has already retried).
 */
export async function runMultiAgentTurn(
  llm: LlmPort,
  config: MultiAgentConfig,
  dialog: DialogEntry[],
  options: { signal?: AbortSignal; priority?: CallPriority } = {},
): Promise<MultiAgentTurn> {
  const coordinator = config["master-agent"];
  const roster: RosterEntry[] = config["worker-agents"].map((agent, index) => ({
    index,
    key: `worker${index + 1}`,
    agent,
  }));
  const signal = {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.priority ? { priority: options.priority } : {}),
  };
  const question = [...dialog].reverse().find((d) => d.type === "human")?.content ?? "";

  const planned = await llm.completeStructured({
    model: coordinator.model_name,
    temperature: coordinator.temperature,
    purpose: "coordinator",
    messages: coordinatorMessages(coordinator, roster, dialog),
    schema: delegationPlanSchemaFor(roster),
    schemaName: DELEGATION_PLAN_SCHEMA_NAME,
    ...signal,
  });
  const { delegations, unknown } = resolvePlan(planned.value, roster, question);
  const plan = planSummary(delegations, unknown);

  const worked = await mapAll(delegations, async ({ entry, task }) => {
    const result = await llm.complete({
      model: entry.agent.model_name,
      temperature: entry.agent.temperature,
      purpose: "worker",
      messages: workerMessages(entry.agent, dialog, task),
      ...signal,
    });
    return {
      report: { entry, task, output: result.text } satisfies WorkerReport,
      usage: result.usage,
    };
  });
  const reports = worked.map((w) => w.report);

  const composed = await llm.complete({
    model: coordinator.model_name,
    temperature: coordinator.temperature,
    purpose: "composer",
    messages: composerMessages(coordinator, dialog, reports),
    ...signal,
  });

  const trace = [
    `## Coordinator "${coordinator.name}" plan (model ${coordinator.model_name}, temperature ${coordinator.temperature})`,
    plan,
    ...reports.map((r) =>
      [
        `## Worker "${r.entry.agent.name}" (${r.entry.key}; model ${r.entry.agent.model_name}, temperature ${r.entry.agent.temperature})`,
        `Task: ${r.task}`,
        "Output:",
        r.output,
      ].join("\n"),
    ),
    `## Final reply composed by the coordinator${reports.length === 0 ? " alone" : ""}`,
    composed.text,
  ].join("\n\n");

  return {
    content: composed.text,
    intermediate: [
      { name: "master", content: plan },
      ...reports.map((r) => ({ name: r.entry.key, content: r.output })),
    ],
    usage: addUsage(planned.usage, ...worked.map((w) => w.usage), composed.usage),
    trace,
  };
}
