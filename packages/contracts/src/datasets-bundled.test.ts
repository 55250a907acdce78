import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  type DatasetExample,
  DatasetExampleSchema,
  type DatasetManifestEntry,
  DatasetManifestEntrySchema,
} from "./datasets";

/** The bundled datasets folder, found from this file: packages/contracts/src → repo root. */
const DATASETS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "../../../datasets");

/** Reads and validates the manifest, datasets/index.json. */
function readManifest(): DatasetManifestEntry[] {
  const raw: unknown = JSON.parse(readFileSync(resolve(DATASETS_DIR, "index.json"), "utf8"));
  if (!Array.isArray(raw)) throw new Error("datasets/index.json must be an array");
  return raw.map((entry) => DatasetManifestEntrySchema.parse(entry));
}

/** The raw non-empty lines of a dataset file. */
function readLines(file: string): string[] {
  return readFileSync(resolve(DATASETS_DIR, file), "utf8")
    .split("\n")
    .filter((line) => line.trim().length > 0);
}

/** Parses every line of a dataset file, naming the file and line of the first bad one. */
function readExamples(file: string): DatasetExample[] {
  return readLines(file).map((line, i) => {
    const parsed = DatasetExampleSchema.safeParse(JSON.parse(line));
    if (!parsed.success) throw new Error(`${file}:${i + 1}: ${parsed.error.message}`);
    return parsed.data;
  });
}

/** The words of four or more letters, lower-cased, as a keyword judge reads them. */
function longWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => w.length >= 4);
}

const manifest = readManifest();
const byName = new Map(manifest.map((entry) => [entry.name, entry]));

/** The examples of a manifest entry by dataset name. */
function examplesOf(name: string): DatasetExample[] {
  const entry = byName.get(name);
  if (!entry) throw new Error(`dataset ${name} is not in datasets/index.json`);
  return readExamples(entry.file);
}

describe("bundled datasets", () => {
  it("lists DCH2-top-dialogs first, with unique names and files", () => {
    expect(manifest[0]?.name).toBe("DCH2-top-dialogs");
    expect(new Set(manifest.map((e) => e.name)).size).toBe(manifest.length);
    expect(new Set(manifest.map((e) => e.file)).size).toBe(manifest.length);
    expect(byName.get("DCH2")?.metric).toBe("judge");
    expect(byName.get("DCH2-top-dialogs")?.metric).toBe("judge");
    expect(byName.get("math-tutor")?.metric).toBe("contains");
    for (const entry of manifest) expect(entry.description.length).toBeGreaterThan(20);
  });

  describe.each(manifest.map((entry) => [entry.name, entry] as const))("%s", (_name, entry) => {
    const examples = readExamples(entry.file);

    it("has valid lines with unique ids", () => {
      expect(examples.length).toBeGreaterThan(0);
      const ids = examples.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it("has dialogs that alternate turns, start with the customer and end with a human turn", () => {
      for (const example of examples) {
        expect(example.dialog[0]?.type, example.id).toBe("human");
        example.dialog.forEach((turn, i) => {
          expect(turn.content.trim().length, example.id).toBeGreaterThan(0);
          if (i > 0) expect(turn.type, example.id).not.toBe(example.dialog[i - 1]?.type);
        });
      }
    });

    it("has 2-4 short rubric items in plain words, each grounded in the reference", () => {
      for (const example of examples) {
        expect(example.rubric.length, example.id).toBeGreaterThanOrEqual(2);
        expect(example.rubric.length, example.id).toBeLessThanOrEqual(4);
        const reference = longWords(example.reference).join(" ");
        for (const item of example.rubric) {
          const words = item.trim().split(/\s+/);
          expect(words.length, `${example.id}: ${item}`).toBeGreaterThanOrEqual(3);
          expect(words.length, `${example.id}: ${item}`).toBeLessThanOrEqual(8);
          expect(item, example.id).toMatch(/^[a-z][A-Za-z0-9 ]*$/);
          // Besides the leading verb, an item must share a content word with the reference.
          const content = longWords(item).slice(1);
          if (content.length > 0) {
            expect(
              content.some((w) => reference.includes(w.slice(0, 4))),
              `${example.id}: ${item}`,
            ).toBe(true);
          }
        }
      }
    });

    if (entry.metric === "contains" || entry.metric === "exact") {
      it("gives every example an expected answer contained in its reference", () => {
        for (const example of examples) {
          expect(example.expected, example.id).toBeTruthy();
          expect(example.reference, example.id).toContain(example.expected ?? "\u0000");
        }
      });
    }
  });

  it("DCH2 has at least 100 dialogs over at least 5 domains of at least 15 each, mostly multi-turn", () => {
    const examples = examplesOf("DCH2");
    expect(examples.length).toBeGreaterThanOrEqual(100);
    const perDomain = new Map<string, number>();
    for (const example of examples) {
      expect(example.domain, example.id).toBeTruthy();
      expect(example.id, example.id).toMatch(new RegExp(`^${example.domain}-\\d{3}$`));
      perDomain.set(example.domain ?? "", (perDomain.get(example.domain ?? "") ?? 0) + 1);
    }
    expect(perDomain.size).toBeGreaterThanOrEqual(5);
    for (const [domain, count] of perDomain) expect(count, domain).toBeGreaterThanOrEqual(15);
    const multiTurn = examples.filter((e) => e.dialog.filter((t) => t.type === "human").length > 1);
    expect(multiTurn.length * 2).toBeGreaterThan(examples.length);
  });

  it("DCH2-top-dialogs is exactly 30 lines, each identical to a DCH2 line, balanced by domain", () => {
    const full = new Set(readLines(byName.get("DCH2")?.file ?? "DCH2.jsonl"));
    const top = readLines(byName.get("DCH2-top-dialogs")?.file ?? "DCH2-top-dialogs.jsonl");
    expect(top).toHaveLength(30);
    for (const line of top) expect(full.has(line), line.slice(0, 60)).toBe(true);
    const perDomain = new Map<string, number>();
    for (const example of examplesOf("DCH2-top-dialogs")) {
      perDomain.set(example.domain ?? "", (perDomain.get(example.domain ?? "") ?? 0) + 1);
    }
    expect(perDomain.size).toBeGreaterThanOrEqual(5);
    for (const [domain, count] of perDomain) expect(count, domain).toBeGreaterThanOrEqual(4);
  });

  it("math-tutor has at least 40 examples with an expected answer each", () => {
    const examples = examplesOf("math-tutor");
    expect(examples.length).toBeGreaterThanOrEqual(40);
    for (const example of examples) expect(example.expected?.trim(), example.id).toBeTruthy();
  });
});
