/**
 * Attack regression (issue 21, item 9): read-only or vanished SQLite files.
 * An immutable database file started cleanly and then answered every write
 * with a 500; an immutable `-shm` killed the process with SIGBUS. The server
 * process now checks the file, its folder and `-wal`/`-shm` before opening
 * them and exits 1 naming the path and the problem.
 *
 * "Immutable" is the file-system flag (`chattr +i`), which even root cannot
 * write through; the tests run as root on this machine, where mode bits alone
 * would not stop anything. Without root, a read-only mode is used instead.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "../db/database";
import { freePort, startServerProcess } from "../testing/processes";

const isRoot = process.getuid?.() === 0;
const locked: string[] = [];
const dirs: string[] = [];

/** Makes `path` unwritable: immutable as root, read-only mode otherwise. */
function lock(path: string, folder = false): void {
  if (isRoot) execFileSync("chattr", ["+i", path]);
  else chmodSync(path, folder ? 0o555 : 0o444);
  locked.push(path);
}

function unlock(path: string): void {
  if (isRoot) execFileSync("chattr", ["-i", path]);
  else chmodSync(path, 0o755);
}

/** A migrated SQLite database in a fresh folder, closed again. */
async function migratedDatabase(): Promise<{ dir: string; file: string }> {
  const dir = mkdtempSync(join(tmpdir(), "promptune-readonly-"));
  dirs.push(dir);
  const file = join(dir, "promptune.db");
  const handle = openDatabase({ sqlitePath: file });
  await migrateToLatest(handle.db);
  await handle.close();
  return { dir, file };
}

/** Starts main.ts on `file`; resolves with its exit code and output (a server that starts anyway is stopped). */
async function start(file: string) {
  const proc = startServerProcess("main.ts", {
    PORT: String(await freePort()),
    SQLITE_PATH: file,
    TELEGRAM_DISABLED: "1",
  });
  const stop = setTimeout(() => void proc.kill(), 20_000);
  const code = await new Promise<number | null>((resolve) => {
    if (proc.child.exitCode !== null) return resolve(proc.child.exitCode);
    proc.child.once("exit", (c) => resolve(c));
  });
  clearTimeout(stop);
  return { code, signal: proc.child.signalCode, output: proc.output() };
}

describe("start-up refuses SQLite files it cannot write", () => {
  afterAll(() => {
    for (const path of locked.reverse()) unlock(path);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("exits 1 naming an unwritable database file", async () => {
    const { file } = await migratedDatabase();
    lock(file);
    const result = await start(file);
    console.info(`[attack-regression] unwritable database file -> exit ${result.code}`);
    expect(result.code, result.output).toBe(1);
    expect(result.output).toContain(`SQLite database file ${file} is not writable`);
  });

  it("exits 1 naming an unwritable folder", async () => {
    const { dir, file } = await migratedDatabase();
    lock(dir, true);
    const result = await start(file);
    expect(result.code, result.output).toBe(1);
    expect(result.output).toContain(`SQLite folder ${dir} is not writable`);
  });

  it("exits 1 naming an unwritable -shm file instead of dying of SIGBUS", async () => {
    const { file } = await migratedDatabase();
    writeFileSync(`${file}-shm`, Buffer.alloc(32_768));
    lock(`${file}-shm`);
    const result = await start(file);
    console.info(
      `[attack-regression] unwritable -shm -> exit ${result.code}, signal ${result.signal}`,
    );
    expect(result.signal).toBeNull();
    expect(result.code, result.output).toBe(1);
    expect(result.output).toContain(`SQLite file ${file}-shm is not writable`);
  });
});
