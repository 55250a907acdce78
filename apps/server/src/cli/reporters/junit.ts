/**
 * JUnit XML for `promptune eval --junit`. The report's failures match the
 * exit code: a test case fails only when a gate the command enforces fails —
 * a threshold (`--min-score`, `--max-drop`) or, when `--pass-score` is
 * given, an example below it. Without `--pass-score` examples are reported
 * as passing test cases carrying their score and feedback. A partial run
 * (Ctrl-C, provider failure) adds an `<error>` case. Every test case has its
 * `time`, every suite its `timestamp` (docs/ci.md "JUnit").
 */
import type { EvalReport } from "@promptune/contracts";
import { percent } from "./progress";

/** A threshold check as a test case. */
export interface CheckCase {
  name: string;
  /** Why it failed; undefined when it passed. */
  failure?: string;
}

/** Escapes text for XML attributes and content, dropping characters XML 1.0 forbids. */
export function xmlEscape(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const seconds = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(3);

interface Case {
  classname: string;
  name: string;
  timeMs?: number;
  failure?: { message: string; body: string };
  error?: { message: string; body: string };
  out?: string;
}

function testCase(c: Case): string {
  const open = `    <testcase name="${xmlEscape(c.name)}" classname="${xmlEscape(c.classname)}" time="${seconds(c.timeMs)}"`;
  const inner: string[] = [];
  if (c.error)
    inner.push(
      `      <error message="${xmlEscape(c.error.message)}" type="promptune.${xmlEscape(c.error.message.split(":")[0] ?? "error")}">${xmlEscape(c.error.body)}</error>`,
    );
  if (c.failure)
    inner.push(
      `      <failure message="${xmlEscape(c.failure.message)}" type="promptune.failure">${xmlEscape(c.failure.body)}</failure>`,
    );
  if (c.out) inner.push(`      <system-out>${xmlEscape(c.out)}</system-out>`);
  if (!inner.length) return `${open}/>`;
  return [`${open}>`, ...inner, "    </testcase>"].join("\n");
}

/** Options of the JUnit rendering. */
export interface JunitOptions {
  /** True when `--pass-score` was given, making every example a gate. */
  examplesAreGates: boolean;
}

/** JUnit's timestamp: ISO 8601 without the zone (the XSD's xs:dateTime pattern). */
function junitTimestamp(iso: string | undefined): string {
  return (iso ?? new Date().toISOString()).replace(/\.\d+Z$|Z$/, "");
}

/** Renders one report (and its threshold checks) as a JUnit `<testsuite>`. */
function suiteXml(report: EvalReport, checks: CheckCase[], options: JunitOptions, id: number) {
  const model = report.model ? ` ${report.model}` : "";
  const suite = `promptune eval ${report.dataset.name} (${report.split})${model}`;
  const classname = `promptune.${report.dataset.name}`;
  const cases: Case[] = report.results.map((r) => {
    const below = !r.passed;
    const detail = `score ${percent(r.score)} (pass mark ${percent(report.pass_score)}): ${r.feedback}`;
    return {
      classname,
      name: r.id,
      timeMs: r.duration_ms,
      ...(below && options.examplesAreGates
        ? { failure: { message: detail, body: `Feedback: ${r.feedback}\n\nReply:\n${r.reply}` } }
        : { out: detail }),
    };
  });
  for (const c of checks)
    cases.push({
      classname: "promptune.thresholds",
      name: c.name,
      ...(c.failure ? { failure: { message: c.failure, body: c.failure } } : {}),
    });
  if (report.status !== "complete") {
    const missing = report.examples - report.results.length;
    cases.push({
      classname: "promptune.run",
      name: report.status,
      error: {
        message: `${report.status}: ${report.error ?? ""}`.trim(),
        body: `${report.results.length} of ${report.examples} examples were scored before the run stopped; ${missing} were not.`,
      },
    });
  }
  const failures = cases.filter((c) => c.failure).length;
  const errors = cases.filter((c) => c.error).length;
  return [
    `  <testsuite name="${xmlEscape(suite)}" tests="${cases.length}" failures="${failures}" errors="${errors}" skipped="0" time="${seconds(report.duration_ms)}" timestamp="${junitTimestamp(report.started_at)}" hostname="localhost" id="${id}" package="promptune">`,
    "    <properties>",
    `      <property name="score" value="${report.score}"/>`,
    `      <property name="status" value="${report.status}"/>`,
    ...(report.interval
      ? [
          `      <property name="interval_low" value="${report.interval.low}"/>`,
          `      <property name="interval_high" value="${report.interval.high}"/>`,
        ]
      : []),
    "    </properties>",
    ...cases.map(testCase),
    "  </testsuite>",
  ].join("\n");
}

/** Renders reports (one per configuration) and their checks as one JUnit XML document. */
export function toJunitXml(
  runs: Array<{ report: EvalReport; checks: CheckCase[] }>,
  options: JunitOptions,
): string {
  const suites = runs.map((r, i) => suiteXml(r.report, r.checks, options, i));
  const count = (pattern: RegExp) =>
    suites.reduce((n, s) => n + Number(pattern.exec(s)?.[1] ?? 0), 0);
  const tests = count(/ tests="(\d+)"/);
  const failures = count(/ failures="(\d+)"/);
  const errors = count(/ errors="(\d+)"/);
  const time = runs.reduce((t, r) => t + (r.report.duration_ms ?? 0), 0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="promptune" tests="${tests}" failures="${failures}" errors="${errors}" time="${seconds(time)}">`,
    ...suites,
    "</testsuites>",
    "",
  ].join("\n");
}
