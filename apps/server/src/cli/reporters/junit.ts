/**
 * JUnit XML for `promptune eval --junit`: one test case per example (failed
 * when its score is below the pass mark) and one per threshold check, so CI
 * systems show which examples and which gate failed.
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

function testCase(classname: string, name: string, failure?: { message: string; body: string }) {
  const open = `    <testcase classname="${xmlEscape(classname)}" name="${xmlEscape(name)}"`;
  if (!failure) return `${open}/>`;
  return [
    `${open}>`,
    `      <failure message="${xmlEscape(failure.message)}">${xmlEscape(failure.body)}</failure>`,
    "    </testcase>",
  ].join("\n");
}

/** Renders the report (and the threshold checks) as a JUnit XML document. */
export function toJunitXml(report: EvalReport, checks: CheckCase[]): string {
  const suite = `promptune eval ${report.dataset.name} (${report.split})`;
  const classname = `promptune.${report.dataset.name}`;
  const cases = report.results.map((r) =>
    testCase(
      classname,
      r.id,
      r.passed
        ? undefined
        : {
            message: `score ${percent(r.score)} below ${percent(report.pass_score)}: ${r.feedback}`,
            body: `Feedback: ${r.feedback}\n\nReply:\n${r.reply}`,
          },
    ),
  );
  for (const c of checks) {
    cases.push(
      testCase(
        "promptune.thresholds",
        c.name,
        c.failure ? { message: c.failure, body: c.failure } : undefined,
      ),
    );
  }
  const failures =
    report.results.filter((r) => !r.passed).length + checks.filter((c) => c.failure).length;
  const tests = report.results.length + checks.length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="promptune" tests="${tests}" failures="${failures}">`,
    `  <testsuite name="${xmlEscape(suite)}" tests="${tests}" failures="${failures}" errors="0" skipped="0">`,
    `    <properties><property name="score" value="${report.score}"/></properties>`,
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
