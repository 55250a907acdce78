/**
 * Reading and writing the files a command line names. A file that cannot be
 * read or written is the user's mistake (exit code 2), reported with the
 * option it came from rather than a stack trace.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { z } from "zod";
import { UsageError } from "./args-common";

function reason(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (e.code === "ENOENT") return "no such file";
  if (e.code === "EISDIR") return "it is a folder";
  if (e.code === "EACCES") return "permission denied";
  return e.message;
}

/** The text of `path`; `what` names it in the error (e.g. "--prompt-file"). */
export async function readUserFile(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (err) {
    throw new UsageError(`cannot read ${what} ${path}: ${reason(err)}`);
  }
}

/** Writes `text` to `path`, creating its folder; `what` names it in the error. */
export async function writeUserFile(path: string, text: string, what: string): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text, "utf8");
  } catch (err) {
    throw new UsageError(`cannot write ${what} ${path}: ${reason(err)}`);
  }
}

/** Reads a JSON file and parses it with `schema`; every problem names the file and the field. */
export async function readJsonFile<T>(
  path: string,
  what: string,
  schema: z.ZodType<T>,
): Promise<T> {
  const text = await readUserFile(path, what);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${what} ${path} is not valid JSON (${(err as Error).message})`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((i) => `  ${i.path.length ? `${i.path.join(".")}: ` : ""}${i.message}`);
    throw new UsageError(`${what} ${path} is not valid:\n${issues.join("\n")}`);
  }
  return parsed.data;
}
