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

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Decodes a file as UTF-8 (a UTF-8 byte-order mark is dropped). UTF-16 and
 * bytes that are not UTF-8 (Latin-1, Windows-1252, …) are refused with a
 * message naming the encoding problem and its line, instead of being read
 * as garbage.
 */
export function decodeUtf8(bytes: Uint8Array, label: string): string {
  const bom16 =
    bytes.length >= 2 &&
    ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));
  if (bom16)
    throw new UsageError(
      `${label} is UTF-16; save it as UTF-8 (the only encoding promptune reads)`,
    );
  try {
    return UTF8.decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    let line = 1;
    let at = 0;
    // find the first byte that breaks UTF-8 by decoding growing prefixes line by line
    for (let i = 0; i < bytes.length; i++) {
      if (bytes[i] !== 0x0a) continue;
      try {
        UTF8.decode(bytes.subarray(0, i + 1));
        line++;
        at = i + 1;
      } catch {
        break;
      }
    }
    const bad = bytes.subarray(at).findIndex((b) => b >= 0x80);
    const byte = bytes[at + Math.max(0, bad)] ?? 0;
    throw new UsageError(
      `${label} is not valid UTF-8 (line ${line}: byte 0x${byte.toString(16).padStart(2, "0")}); it looks like Latin-1 or Windows-1252 — save it as UTF-8`,
    );
  }
}

/** The text of `path` (UTF-8 only); `what` names it in the error (e.g. "--prompt-file"). */
export async function readUserFile(path: string, what: string): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (err) {
    throw new UsageError(`cannot read ${what} ${path}: ${reason(err)}`);
  }
  return decodeUtf8(bytes, `${what} ${path}`);
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
