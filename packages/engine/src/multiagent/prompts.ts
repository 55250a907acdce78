/**
 * The messages the multi-agent runtime sends: the coordinator's planning
 * call (dialog + `<workers>` roster), each worker's call (its own prompt + a
 * `<task>`), and the coordinator's composing call (`<worker_reports>`).
 * Tags are the sections docs/fixture-llm.md documents; real models read them
 * as plain structure.
 */
import { type AgentConfig, type DialogEntry, INTERMEDIATE_HEADER } from "@promptune/contracts";
import { z } from "zod";
import type { ChatMessage } from "../ports";

/** The coordinator's structured plan (JSON schema name `delegation_plan`). */
export const DelegationPlanSchema = z.object({
  delegations: z
    .array(
      z.object({
        worker: z.string().describe("exact name of a worker from the roster"),
        task: z.string().describe("a concise, self-contained task for that worker"),
      }),
    )
    .describe("workers to consult; empty when the coordinator answers alone"),
});
export type DelegationPlan = z.infer<typeof DelegationPlanSchema>;

/**
 * The plan's schema for one roster: `worker` is an enum of the roster's
 * names, so structured output can never name a worker that does not exist.
 * Parsing is forgiving with providers that do not enforce the schema: names
 * are matched case-insensitively and delegations to unknown workers are
 * dropped. An empty roster keeps the free-text form (nobody can be named).
 */
export function delegationPlanSchemaFor(roster: readonly RosterEntry[]) {
  const names = [...new Set(roster.map((e) => rosterName(e.agent.name)))];
  if (names.length === 0) return DelegationPlanSchema;
  const canonical = new Map(names.map((n) => [n.toLowerCase(), n]));
  const known = (d: unknown) => {
    if (typeof d !== "object" || d === null) return [];
    const worker = (d as { worker?: unknown }).worker;
    const name =
      typeof worker === "string" ? canonical.get(rosterName(worker).toLowerCase()) : undefined;
    return name ? [{ ...d, worker: name }] : [];
  };
  return z.object({
    delegations: z
      .preprocess(
        (v) => (Array.isArray(v) ? v.flatMap(known) : v),
        z.array(
          z.object({
            worker: z.enum(names as [string, ...string[]]).describe("a worker from the roster"),
            task: z.string().describe("a concise, self-contained task for that worker"),
          }),
        ),
      )
      .describe("workers to consult; empty when the coordinator answers alone"),
  });
}

/** Schema name providers receive for the plan. */
export const DELEGATION_PLAN_SCHEMA_NAME = "delegation_plan";

/** A roster entry: the worker, its position (0-based) and its reply name (`worker1`, …). */
export interface RosterEntry {
  index: number;
  key: string;
  agent: AgentConfig;
}

/** A worker's finished report. */
export interface WorkerReport {
  entry: RosterEntry;
  task: string;
  output: string;
}

/** Names as they appear in the roster: one line each, no separators. */
export function rosterName(name: string): string {
  return name.replace(/[\r\n:]+/g, " ").trim() || "worker";
}

/** The `<workers>` section: `- name: description`, one line per worker. */
export function rosterSection(roster: RosterEntry[]): string {
  const lines = roster.map((w) => {
    const description = w.agent.description.replace(/\s+/g, " ").trim() || "general assistant";
    return `- ${rosterName(w.agent.name)}: ${description}`;
  });
  return `<workers>\n${lines.join("\n")}\n</workers>`;
}

/** An AI dialog entry without the intermediate messages the client appends to it. */
export function withoutIntermediate(content: string): string {
  const at = content.indexOf(INTERMEDIATE_HEADER);
  return (at >= 0 ? content.slice(0, at) : content).trimEnd();
}

/** Dialog entries as chat messages; `keepIntermediate` keeps earlier turns' worker messages. */
export function dialogMessages(dialog: DialogEntry[], keepIntermediate: boolean): ChatMessage[] {
  return dialog.map((d) =>
    d.type === "human"
      ? { role: "user", content: d.content }
      : {
          role: "assistant",
          content: keepIntermediate ? d.content : withoutIntermediate(d.content),
        },
  );
}

/** Replaces the content of the last user message (the one being answered). */
function withLastUser(messages: ChatMessage[], suffix: string): ChatMessage[] {
  const out = messages.map((m) => ({ ...m }));
  for (let i = out.length - 1; i >= 0; i--) {
    const m = out[i];
    if (m?.role === "user") {
      m.content = `${m.content}\n\n${suffix}`;
      return out;
    }
  }
  out.push({ role: "user", content: suffix });
  return out;
}

function system(prompt: string, instructions: string): ChatMessage {
  return {
    role: "system",
    content: prompt.trim() ? `${prompt.trim()}\n\n${instructions}` : instructions,
  };
}

/** The coordinator's planning call. */
export function coordinatorMessages(
  coordinator: AgentConfig,
  roster: RosterEntry[],
  dialog: DialogEntry[],
): ChatMessage[] {
  const instructions = [
    "You lead a team of worker agents. Read the conversation and decide which workers should help with the user's latest message.",
    "Pick only workers from the roster below, by their exact name, and give each chosen worker one concise, self-contained task.",
    "Choose nobody when you can answer well on your own.",
    rosterSection(roster),
  ].join("\n");
  return [system(coordinator.prompt, instructions), ...dialogMessages(dialog, true)];
}

/** A worker's call: its own prompt, the conversation, and its task. */
export function workerMessages(
  worker: AgentConfig,
  dialog: DialogEntry[],
  task: string,
): ChatMessage[] {
  const instructions = `You are "${rosterName(worker.name)}", one worker in a team led by a coordinator, who will merge your answer with the others' into the reply to the user. Work only on the task you are given, concisely, without greeting the user.`;
  return [
    system(worker.prompt, instructions),
    ...withLastUser(dialogMessages(dialog, false), `<task>\n${task}\n</task>`),
  ];
}

/** The coordinator's final call: compose the reply from the workers' reports (or answer alone). */
export function composerMessages(
  coordinator: AgentConfig,
  dialog: DialogEntry[],
  reports: WorkerReport[],
): ChatMessage[] {
  const history = dialogMessages(dialog, false);
  if (reports.length === 0) {
    return [system(coordinator.prompt, "Reply to the user's latest message yourself."), ...history];
  }
  const body = reports
    .map((r) => `### ${rosterName(r.entry.agent.name)}\n${r.output.trim()}`)
    .join("\n\n");
  const instructions =
    "Your workers' reports on the user's latest message are attached to it inside <worker_reports>. Write the final reply to the user: merge what is useful, settle disagreements, keep one voice, and do not mention the workers or this process.";
  return [
    system(coordinator.prompt, instructions),
    ...withLastUser(history, `<worker_reports>\n${body}\n</worker_reports>`),
  ];
}
