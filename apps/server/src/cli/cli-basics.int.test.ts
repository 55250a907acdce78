/**
 * The small things a first hour with the CLI runs into, through the real
 * executable: --version, per-command --help, a .env file in the working
 * folder, files in other encodings refused with a clear message, an
 * unterminated CSV quote reported as such, and the documented size limit.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { MAX_DATASET_CHARS } from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliProcess } from "../testing/cli";
import { cliWorkspace, exampleLines, fixtureEnv, GOOD_PROMPT } from "../testing/cli-fixtures";
import { type FixtureLlm, startFixtureLlm } from "../testing/fixture-llm";
import { CLI_VERSION } from "./version";

describe("promptune basics (child process)", () => {
  let fixture: FixtureLlm;
  let ws: Awaited<ReturnType<typeof cliWorkspace>>;

  beforeAll(async () => {
    fixture = await startFixtureLlm();
    ws = await cliWorkspace();
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it("prints its version and a help page per command", async () => {
    for (const flag of ["--version", "-v"]) {
      const run = await runCliProcess([flag], {});
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(`promptune ${CLI_VERSION}\n`);
    }
    const evalHelp = await runCliProcess(["eval", "--help"], {});
    expect(evalHelp.code).toBe(0);
    expect(evalHelp.stdout).toContain("Usage: promptune eval DATASET CONFIG [options]");
    expect(evalHelp.stdout).toContain("--gate-on mean|lower");
    const optimizeHelp = await runCliProcess(["help", "optimize"], {});
    expect(optimizeHelp.stdout).toContain("Usage: promptune optimize DATASET CONFIG [options]");
    expect(optimizeHelp.stdout).not.toContain("--gate-on");
    const datasetsHelp = await runCliProcess(["datasets", "validate", "-h"], {});
    expect(datasetsHelp.stdout).toContain("at most 1,000,000 characters");
  });

  it("reads the provider settings from .env in the working folder (the environment wins)", async () => {
    const dir = join(ws.dir, "project");
    await mkdir(dir, { recursive: true });
    const env = fixtureEnv(fixture.url);
    await writeFile(
      join(dir, ".env"),
      Object.entries(env)
        .map(([k, v]) => `${k}=${v}`)
        .join("\n"),
    );
    await writeFile(join(dir, "parcels.jsonl"), `${exampleLines().join("\n")}\n`);
    const args = [
      "eval",
      "--dataset-file",
      "parcels.jsonl",
      "--metric",
      "contains",
      "--prompt",
      GOOD_PROMPT,
      "--all",
      "--json",
    ];
    const run = await runCliProcess(args, {}, { cwd: dir });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).score).toBe(1);
    // a variable set in the environment overrides the file: an unreachable provider → exit 3
    const overridden = await runCliProcess(
      [...args, "--no-cache"],
      { OPENAI_BASE_URL: "http://127.0.0.1:9/v1", LLM_MAX_RETRIES: "0" },
      { cwd: dir },
    );
    expect(overridden.code).toBe(3);
  });

  it("refuses UTF-16 and Latin-1 files, names an unterminated quote and the size limit", async () => {
    const latin1 = join(ws.dir, "latin1.csv");
    await writeFile(
      latin1,
      Buffer.from("id,input,reference\n1,caf\xe9,r\n2,b,r\n3,c,r\n", "latin1"),
    );
    const l1 = await runCliProcess(["datasets", "validate", latin1], {});
    expect(l1.code).toBe(2);
    expect(l1.stderr).toContain("is not valid UTF-8 (line 2: byte 0xe9)");
    const utf16 = join(ws.dir, "utf16.jsonl");
    await writeFile(utf16, Buffer.from(`\ufeff${exampleLines().join("\n")}`, "utf16le"));
    const u16 = await runCliProcess(["datasets", "validate", utf16], {});
    expect(u16.code).toBe(2);
    expect(u16.stderr).toContain("is UTF-16; save it as UTF-8");
    const prompt = join(ws.dir, "prompt.txt");
    await writeFile(prompt, Buffer.from("Sei h\xf6flich.", "latin1"));
    const badPrompt = await runCliProcess(
      ["eval", "--dataset-file", utf16, "--prompt-file", prompt],
      {},
    );
    expect(badPrompt.code).toBe(2);
    const quote = await ws.write("quote.csv", 'id,input,reference\na,"hi,r\nb,hello,r\nc,hey,r\n');
    const q = await runCliProcess(["datasets", "validate", quote], {});
    expect(q.code).toBe(2);
    expect(q.stderr).toContain("line 2: unterminated quoted field");
    expect(q.stderr).not.toContain("Too small");
    const big = await ws.write("big.jsonl", "x".repeat(MAX_DATASET_CHARS + 1));
    const b = await runCliProcess(["datasets", "validate", big], {});
    expect(b.code).toBe(2);
    expect(b.stderr).toContain(
      "the file must be at most 1,000,000 characters (this one has 1,000,001)",
    );
  });
});
