/**
 * How the world's models behave: the assistant, the coordinator, the workers
 * and the composer answer with the probabilities of `World`; the reflection
 * model rewrites a prompt with noise — it understands a failing question
 * type with a probability that grows with the failures of that type it sees,
 * otherwise it may guess a wrong rule, and now and then it adds a generic
 * harmful rule or drops a rule that worked.
 */
import type { ChatCall } from "../../apps/server/src/testing/fixture-llm/protocol";
import { fnv1a } from "../../packages/engine/src/util/hash";
import { Prng } from "../../packages/engine/src/util/prng";
import { lastUser, systemText } from "./chat-call";
import { atSkill } from "./reflection-skill";
import { GARBLE, HARMFUL_RULES, RELAY_RULE, routeText, type World } from "./world";

/** Reflection noise (the same for every optimiser). */
export const NOISE = {
  /** A type with n failures shown is understood with probability 1 − MISS^n. */
  miss: 0.5,
  /** A type not understood gets a wrong rule with this probability. */
  guessWrong: 0.35,
  /** A harmful generic rule is added with this probability. */
  harmful: 0.25,
  /** A rule that worked is dropped with this probability. */
  drop: 0.1,
  /** A harmful rule is removed (when failures are shown) with this probability. */
  cleanUp: 0.35,
  /** Multi-agent: another component the reflection may edit is rewritten too with this probability. */
  joint: 0.7,
};

const questionRe = /\[([a-z]+\d+)\] A ([a-z]+) question/;

/** The answers of every question the world asked, by id. */
export type AnswerBook = Map<string, { type: number; answer: string }>;

function wrongCode(rng: Prng): string {
  return `K${Math.floor(rng.next() * 9000 + 1000)}X`;
}

function question(text: string, book: AnswerBook) {
  const m = questionRe.exec(text);
  return m ? book.get(m[1] as string) : undefined;
}

/** Splits a prompt into sentences (rules are one sentence each). */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The part of a rule that names what it is about ("For units questions," or
 * "Send units questions to"): a rewrite that states a rule replaces any other
 * rule with the same prefix and leaves every other sentence alone.
 */
export function rulePrefix(rule: string): string {
  const m = /^(for [a-z]+ questions,|send [a-z]+ questions to )/i.exec(rule);
  if (!m) throw new Error(`not a rule: ${rule}`);
  return (m[1] as string).toLowerCase();
}

/**
 * The noisy rewrite of `current` after seeing `failures` (failing question
 * types, one entry per failing example). `ruleFor` gives the right rule of a
 * type for this component and `wrongFor` a wrong one.
 */
export function noisyRewrite(
  current: string,
  failures: number[],
  rng: Prng,
  ruleFor: (type: number) => string,
  wrongFor: (type: number) => string,
  extra: string[] = [],
): string {
  const noise = atSkill(NOISE);
  let parts = sentences(current);
  const has = (s: string) => parts.some((p) => p.toLowerCase() === s.toLowerCase());
  const counts = new Map<number, number>();
  for (const t of failures) counts.set(t, (counts.get(t) ?? 0) + 1);
  for (const [type, n] of [...counts].sort((a, b) => a[0] - b[0])) {
    const right = ruleFor(type);
    const prefix = rulePrefix(right);
    if (rng.next() < 1 - noise.miss ** n) {
      parts = parts.filter((p) => !p.toLowerCase().startsWith(prefix) || p === right);
      if (!has(right)) parts.push(right);
    } else if (rng.next() < noise.guessWrong) {
      const wrong = wrongFor(type);
      if (!has(wrong)) parts.push(wrong);
    }
  }
  if (failures.length > 0) {
    for (const rule of extra) if (!has(rule) && rng.next() < 0.5) parts.push(rule);
    const harmful = parts.filter((p) => HARMFUL_RULES.includes(p));
    if (harmful.length && rng.next() < noise.cleanUp) {
      const gone = harmful[rng.int(harmful.length)];
      parts = parts.filter((p) => p !== gone);
    }
  }
  if (rng.next() < noise.harmful) {
    const rule = HARMFUL_RULES[rng.int(HARMFUL_RULES.length)] as string;
    if (!has(rule)) parts.push(rule);
  }
  const rules = parts.filter((p) => p.startsWith("For ") || p.startsWith("Send "));
  if (rules.length && rng.next() < noise.drop) {
    const gone = rules[rng.int(rules.length)];
    parts = parts.filter((p) => p !== gone);
  }
  return parts.join(" ");
}

/** Failing question types in a Promptune reflection request (examples and `<feedback>` scores). */
export function promptuneFailures(text: string, book: AnswerBook): number[] {
  const examples = text.split("### Example ").slice(1);
  const feedback = /<feedback>([\s\S]*?)<\/feedback>/.exec(text)?.[1] ?? "";
  const scores = [...feedback.matchAll(/Example (\d+) \(score ([\d.]+)\)/g)].map((m) =>
    Number(m[2]),
  );
  const out: number[] = [];
  examples.forEach((block, i) => {
    const q = question(block, book);
    if (q && (scores[i] ?? 0) < 1) out.push(q.type);
  });
  return out;
}

/**
 * The world's state for one run: answers and randomness. Every random draw
 * is keyed by the call's content and how often that exact call was made, so a
 * run does not depend on the order concurrent calls arrive in and runs that
 * make the same calls (ablations) see the same draws.
 */
export class WorldAgents {
  readonly book: AnswerBook = new Map();
  private rng: Prng;
  private readonly seen = new Map<string, number>();

  constructor(
    readonly world: World,
    readonly seed: number,
  ) {
    this.rng = new Prng(seed);
  }

  /** Re-seeds the randomness from the call's content and its repeat count. */
  keyed(call: ChatCall): void {
    const text = `${call.model}|${call.kind}|${call.messages.map((m) => m.content).join("|")}`;
    const n = (this.seen.get(text) ?? 0) + 1;
    this.seen.set(text, n);
    this.rng = new Prng((fnv1a(text, this.seed * 2_654_435_761) ^ (n * 0x9e3779b1)) >>> 0);
  }

  /** Answers one question with success probability `p`. */
  answer(text: string, p: number): string {
    const q = question(text, this.book);
    if (!q) return "I do not know.";
    return this.rng.next() < p ? q.answer : wrongCode(this.rng);
  }

  /** A single assistant whose whole system text is its prompt. */
  assistant(call: ChatCall): string {
    const q = question(lastUser(call), this.book);
    return this.answer(lastUser(call), q ? this.world.pCorrect(systemText(call), q.type) : 0);
  }

  /** The single-agent reflection: Promptune's `prompt_proposal` schema. */
  singleReflection(call: ChatCall): string {
    const text = lastUser(call);
    const current = /<current_prompt>\n([\s\S]*?)\n<\/current_prompt>/.exec(text)?.[1] ?? "";
    const temperature = Number(/<temperature>\n([\d.]+)/.exec(text)?.[1] ?? "0.7");
    const prompt = this.rewrite(current, promptuneFailures(text, this.book));
    return JSON.stringify({
      prompt,
      rationale: "Stated rules for the failing cases.",
      temperature,
    });
  }

  /** The rewrite of a single-agent prompt. */
  rewrite(current: string, failures: number[]): string {
    return noisyRewrite(
      current,
      failures,
      this.rng,
      (t) => this.world.rightRule(t),
      (t) => this.world.wrongRule(t, this.rng),
    );
  }

  /** The rewrite of a multi-agent component. */
  rewriteComponent(target: ComponentTarget, current: string, failures: number[]): string {
    const w = this.world;
    if (target.kind === "coordinator") {
      return noisyRewrite(
        current,
        failures,
        this.rng,
        (t) => routeText(w.types[t] as string, w.workers[this.anOwner(t)] as string),
        (t) => routeText(w.types[t] as string, w.workers[this.otherWorker(t)] as string),
        [RELAY_RULE],
      );
    }
    if (target.kind === "worker") {
      return noisyRewrite(
        current,
        failures,
        this.rng,
        (t) => w.rightRule(t),
        (t) => w.wrongRule(t, this.rng),
      );
    }
    // a description: claims the failing types this worker owns (or, guessing wrong, others)
    const claims = new Set(
      [...current.matchAll(/Handles ([a-z]+) questions\./g)].map((m) => m[1] as string),
    );
    for (const t of failures) {
      const mine = w.owns(target.worker, t);
      if (mine ? this.rng.next() < 0.6 : this.rng.next() < 0.2) claims.add(w.types[t] as string);
    }
    const base = current.replace(/\s*Handles [a-z]+ questions\./g, "").trim();
    return [base, ...[...claims].map((c) => `Handles ${c} questions.`)].join(" ").trim();
  }

  /** The owner a route names: the only one, else one drawn (types shared by two workers). */
  private anOwner(type: number): number {
    const owners = this.world.ownerSets[type] as number[];
    return owners.length === 1
      ? (owners[0] as number)
      : (owners[this.rng.int(owners.length)] as number);
  }

  /** A worker that does not own `type`: the only one with two workers, else one drawn. */
  private otherWorker(type: number): number {
    const others = this.world.nonOwners(type);
    return others.length === 1
      ? (others[0] as number)
      : (others[this.rng.int(others.length)] as number);
  }

  /** Whether the reflection also rewrites another component it may edit jointly. */
  wantsJointEdit(failures: number[]): boolean {
    return failures.length > 0 && this.rng.next() < NOISE.joint;
  }

  /** The coordinator's plan: route the question to one worker. */
  plan(call: ChatCall): string {
    const sys = systemText(call);
    const coordinator = sys.slice(0, sys.indexOf("<workers>"));
    const roster = /<workers>\n([\s\S]*?)\n<\/workers>/.exec(sys)?.[1] ?? "";
    const descriptions = this.world.workers.map(
      (name) => new RegExp(`^- ${name}: (.*)$`, "m").exec(roster)?.[1] ?? "",
    );
    const q = question(lastUser(call), this.book);
    if (!q) return JSON.stringify({ delegations: [] });
    const pick = this.world.shared
      ? this.rng.weighted(this.world.routeShares(coordinator, descriptions, q.type))
      : this.rng.next() < this.world.pRoute(coordinator, descriptions, q.type)
        ? (this.world.owners[q.type] as number)
        : this.otherWorker(q.type);
    const task = lastUser(call);
    return JSON.stringify({ delegations: [{ worker: this.world.workers[pick], task }] });
  }

  /** A worker: answers well only the types it owns, by its own prompt. */
  worker(call: ChatCall): string {
    const sys = systemText(call);
    const index = this.world.workers.findIndex((n) => sys.includes(`You are "${n}"`));
    const q = question(lastUser(call), this.book);
    if (!q || index < 0) return "I cannot help.";
    const p = this.world.owns(index, q.type) ? this.world.pCorrect(sys, q.type) : 0.1;
    return this.answer(lastUser(call), p);
  }

  /** The composer: relays the worker's code, garbling it sometimes without the relay rule. */
  compose(call: ChatCall): string {
    const sys = systemText(call);
    const user = lastUser(call);
    const reports = /<worker_reports>([\s\S]*?)<\/worker_reports>/.exec(user)?.[1];
    if (reports === undefined) return this.answer(user, 0.1);
    const code = /K\d{4}X?/.exec(reports)?.[0] ?? "unknown";
    const relay = sys.toLowerCase().includes(RELAY_RULE.toLowerCase());
    if (!relay && this.rng.next() < GARBLE) return `The code is probably ${code}, I think.`;
    return code;
  }
}

/** Which component a multi-agent reflection rewrites. */
export type ComponentTarget =
  | { kind: "coordinator" }
  | { kind: "worker"; worker: number }
  | { kind: "description"; worker: number };
