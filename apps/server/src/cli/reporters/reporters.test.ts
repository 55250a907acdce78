import { readFile } from "node:fs/promises";
import type { EvalReport, HeldOutComparison } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { formatEstimate } from "./estimate";
import { formatHeldOut, signedPoints } from "./held-out";
import { toJunitXml, xmlEscape } from "./junit";
import { type CliIo, Progress, percent, progressBar, progressText } from "./progress";

const usage = { calls: 37, inputTokens: 1200, outputTokens: 345, costUsd: 0.01234, cachedCalls: 2 };

describe("progress output", () => {
  it("draws a proportional bar and percentages", () => {
    expect(progressBar(0, 4, 8)).toBe("[--------] 0/4");
    expect(progressBar(2, 4, 8)).toBe("[####----] 2/4");
    expect(progressBar(4, 4, 8)).toBe("[########] 4/4");
    expect(percent(0.5555)).toBe("55.5%");
    expect(percent(null)).toBe("n/a");
  });

  it("shows iteration, calls, tokens and cost", () => {
    expect(progressText({ unit: "iteration", done: 2, total: 4, usage, note: "best 55.0%" })).toBe(
      "iteration 2/4 · 37 calls · 1545 tokens · $0.0123 · best 55.0%",
    );
  });

  function capture(interactive: boolean) {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = { stdout: (t) => out.push(t), stderr: (t) => err.push(t), interactive };
    return { io, out, err };
  }

  it("redraws a bar in place and keeps result lines on stdout", () => {
    const { io, out, err } = capture(true);
    const p = new Progress(io, "bar");
    p.update({ unit: "iteration", done: 1, total: 4, usage });
    p.line("iteration 1/4 done");
    p.done();
    expect(out).toEqual(["iteration 1/4 done\n"]);
    expect(
      err[0]?.startsWith("\r\x1b[2K[######------------------] 1/4 iteration 1/4 · 37 calls"),
    ).toBe(true);
    expect(err.join("")).not.toContain("\n");
    expect(err.at(-1)).toBe("\r\x1b[2K");
  });

  it("cuts the bar to the terminal width so redrawing never wraps", () => {
    const { io, err } = capture(true);
    new Progress({ ...io, columns: 40 }, "bar").update({
      unit: "iteration",
      done: 1,
      total: 4,
      usage,
      note: "best 55.0%",
    });
    expect(err[0]).toBe("\r\x1b[2K[######------------------] 1/4 iterati…");
    expect((err[0] ?? "").length - "\r\x1b[2K".length).toBe(39);
  });

  it("prints plain lines, thinned out to every n-th step and the last", () => {
    const { io, err } = capture(false);
    const p = new Progress(io, "lines", 5);
    for (let done = 0; done <= 12; done++) p.update({ unit: "example", done, total: 12, usage });
    expect(err.map((l) => l.split(" · ")[0])).toEqual([
      "example 0/12",
      "example 5/12",
      "example 10/12",
      "example 12/12",
    ]);
    expect(err.every((l) => l.endsWith("\n") && !l.includes("\r"))).toBe(true);
  });

  it("prints nothing in none mode", () => {
    const { io, err } = capture(true);
    new Progress(io, "none").update({ unit: "example", done: 1, total: 2, usage });
    expect(err).toEqual([]);
  });
});

describe("held-out summary", () => {
  const h = (over: Partial<HeldOutComparison>): HeldOutComparison => ({
    examples: 22,
    initial_score: 0.5,
    final_score: 0.62,
    difference: 0.12,
    ci_low: 0.04,
    ci_high: 0.19,
    significant: true,
    ...over,
  });

  it("states a significant change with its interval", () => {
    expect(formatHeldOut(h({}))).toBe("+12 points, 95 % CI +4…+19 on 22 held-out examples");
    expect(
      formatHeldOut(h({ difference: -0.083, ci_low: -0.15, ci_high: -0.021, examples: 1 })),
    ).toBe("-8 points, 95 % CI -15…-2 on 1 held-out example");
  });

  it("says no significant change when the interval includes zero", () => {
    expect(
      formatHeldOut(h({ difference: 0.02, ci_low: -0.05, ci_high: 0.09, significant: false })),
    ).toBe("no significant change (+2 points, 95 % CI -5…+9 on 22 held-out examples)");
    expect(formatHeldOut(h({ examples: 0, significant: false }))).toBe(
      "no held-out examples to compare",
    );
  });

  it("rounds to whole signed points", () => {
    expect(signedPoints(0.004)).toBe("0");
    expect(signedPoints(-0.004)).toBe("0");
    expect(signedPoints(0.125)).toBe("+13");
    expect(signedPoints(-1)).toBe("-100");
  });
});

describe("estimate line", () => {
  it("names calls, tokens, cost and the cap", () => {
    const e = {
      calls: 412,
      max_calls: 453,
      input_tokens: 90_000,
      output_tokens: 8_200,
      cost_usd: 0.1234,
    };
    expect(formatEstimate(e, 453)).toBe(
      "Estimate: ≈ 412 model calls · 98.2k tokens · $0.12 (never more than 453 calls)",
    );
    expect(formatEstimate({ ...e, input_tokens: 500, output_tokens: 0, cost_usd: null }, 100)).toBe(
      "Estimate: ≈ 412 model calls · 500 tokens · cost unknown (never more than 100 calls)",
    );
  });
});

describe("JUnit report", () => {
  const report: EvalReport = {
    type: "eval",
    dataset: { name: "faq", source: "file", metric: "exact", size: 10 },
    split: "held-out",
    model: "m",
    configuration: { prompt: "p", temperature: 0.7 },
    score: 0.5,
    pass_score: 1,
    examples: 2,
    passed: 1,
    results: [
      { id: "a<1>", score: 1, passed: true, feedback: "ok", reply: "fine", duration_ms: 1200 },
      { id: "b", score: 0, passed: false, feedback: 'Missing: say "hi" & wave', reply: "no\u0007" },
    ],
    usage: { calls: 2, input_tokens: 10, output_tokens: 5, cost_usd: 0, cached_calls: 0 },
    status: "complete",
    repeat: 1,
    started_at: "2026-11-24T10:00:00.123Z",
    duration_ms: 2500,
  };
  const gate = { name: "score ≥ 80.0%", failure: "score 50.0% is below --min-score 80.0%" };

  it("fails example cases only when --pass-score made them gates, escaping the text", () => {
    const gated = toJunitXml([{ report, checks: [gate] }], { examplesAreGates: true });
    expect(gated).toContain(
      'tests="3" failures="2" errors="0" skipped="0" time="2.500" timestamp="2026-11-24T10:00:00"',
    );
    expect(gated).toContain('<testcase name="a&lt;1&gt;" classname="promptune.faq" time="1.200">');
    expect(gated).toContain(
      '<failure message="score 0.0% (pass mark 100.0%): Missing: say &quot;hi&quot; &amp; wave" type="promptune.failure">',
    );
    expect(gated).toContain("Reply:\nno</failure>");
    const informative = toJunitXml([{ report, checks: [] }], { examplesAreGates: false });
    // no gate enforced → no failure, matching exit code 0; the score stays visible
    expect(informative).toContain('failures="0"');
    expect(informative).toContain("<system-out>score 0.0% (pass mark 100.0%)");
  });

  it("marks a partial report with an error case", () => {
    const xml = toJunitXml(
      [
        {
          report: { ...report, status: "interrupted", error: "cancelled", examples: 5 },
          checks: [],
        },
      ],
      { examplesAreGates: false },
    );
    expect(xml).toContain('errors="1"');
    expect(xml).toContain(
      '<error message="interrupted: cancelled" type="promptune.interrupted">2 of 5 examples',
    );
  });

  it("is valid against the JUnit schema in every shape", async () => {
    const schema = await readFile(new URL("./junit.xsd", import.meta.url), "utf8");
    const shapes = [
      toJunitXml([{ report, checks: [gate] }], { examplesAreGates: true }),
      toJunitXml([{ report, checks: [] }], { examplesAreGates: false }),
      toJunitXml(
        [
          { report, checks: [gate] },
          { report: { ...report, status: "provider_failed", error: "503" }, checks: [] },
        ],
        { examplesAreGates: false },
      ),
    ];
    for (const xml of shapes) {
      const result = await validateXML({
        xml: [{ fileName: "report.xml", contents: xml }],
        schema: [{ fileName: "junit.xsd", contents: schema }],
      });
      expect(result.errors).toEqual([]);
      expect(result.valid).toBe(true);
    }
    // the schema is strict enough to catch a missing timestamp
    const broken = shapes[0]?.replace(/ timestamp="[^"]*"/, "") ?? "";
    const rejected = await validateXML({
      xml: [{ fileName: "report.xml", contents: broken }],
      schema: [{ fileName: "junit.xsd", contents: schema }],
    });
    expect(rejected.valid).toBe(false);
  });

  it("escapes XML metacharacters and drops forbidden control characters", () => {
    expect(xmlEscape(`<a b='c'>&"\u0000\t`)).toBe("&lt;a b=&apos;c&apos;&gt;&amp;&quot;\t");
  });
});
