import { closeSync, mkdirSync, openSync, unlinkSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** Why a path cannot be used, from a Node file-system error. */
function problemOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case "EACCES":
      return "permission denied";
    case "EPERM":
      return "the operating system refuses to change it (immutable or read-only)";
    case "EROFS":
      return "it is on a read-only file system";
    case "EISDIR":
      return "it is a folder, not a file";
    case "ENOSPC":
      return "the disk is full";
    case "ENOTDIR":
      return "a part of the path is not a folder";
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/** The start-up error naming the path, the problem and the fix. */
function unusable(what: string, path: string, error: unknown): Error {
  return new Error(
    `SQLite ${what} ${path} is not writable: ${problemOf(error)}. Promptune writes the database file, ` +
      "its -wal and -shm files and new files in its folder; fix the permissions or point SQLITE_PATH elsewhere.",
    { cause: error },
  );
}

/** Opens an existing file for writing and closes it; a missing file is fine (SQLite creates it). */
function assertFileWritable(what: string, path: string): void {
  let fd: number;
  try {
    fd = openSync(path, "r+");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw unusable(what, path, error);
  }
  closeSync(fd);
}

/**
 * Checks, before SQLite opens it, that the database file, its folder and its
 * `-wal`/`-shm` files can be written, and throws an error naming the path and
 * the problem otherwise. SQLite itself opens an immutable file without
 * complaint and fails on the first write (every request a 500), and an
 * unwritable `-shm` that it maps into memory kills the process with SIGBUS,
 * so the check must come first. Each file is really opened for writing (and
 * a probe file created in the folder) rather than judged by its mode bits,
 * which root ignores and immutable flags bypass.
 */
export function assertSqliteWritable(file: string): void {
  const path = resolve(file);
  const folder = dirname(path);
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw unusable("folder", folder, error);
  }
  const probe = join(folder, `.promptune-write-check-${process.pid}`);
  try {
    closeSync(openSync(probe, "wx"));
    unlinkSync(probe);
  } catch (error) {
    throw unusable("folder", folder, error);
  }
  assertFileWritable("database file", path);
  assertFileWritable("file", `${path}-wal`);
  assertFileWritable("file", `${path}-shm`);
}
