import { describe, expect, it } from "vitest";
import { HttpError } from "../errors";
import { STORAGE_MESSAGES, storageUnavailable } from "./storage-errors";

/** An error shaped like the drivers' (better-sqlite3's SqliteError, pg's DatabaseError). */
const driverError = (code: string) => Object.assign(new Error("driver said no"), { code });

describe("storageUnavailable", () => {
  it.each([
    ["SQLITE_FULL", STORAGE_MESSAGES.full],
    ["53100", STORAGE_MESSAGES.full],
    ["SQLITE_READONLY", STORAGE_MESSAGES.readOnly],
    ["SQLITE_READONLY_DBMOVED", STORAGE_MESSAGES.readOnly],
    ["25006", STORAGE_MESSAGES.readOnly],
    ["SQLITE_IOERR", STORAGE_MESSAGES.io],
    ["SQLITE_IOERR_SHORT_READ", STORAGE_MESSAGES.io],
  ])("maps %s to a 503 with a plain message", (code, message) => {
    const mapped = storageUnavailable(driverError(code));
    expect(mapped?.status).toBe(503);
    expect(mapped?.message).toBe(message);
    expect(mapped?.headers["retry-after"]).toBe("60");
  });

  it("finds the driver's code behind a wrapping error", () => {
    const wrapped = new Error("saving failed", { cause: driverError("SQLITE_FULL") });
    expect(storageUnavailable(wrapped)?.message).toBe(STORAGE_MESSAGES.full);
  });

  it("leaves other errors alone", () => {
    for (const code of ["SQLITE_CONSTRAINT_UNIQUE", "SQLITE_BUSY", "23505", "ECONNREFUSED"])
      expect(storageUnavailable(driverError(code))).toBeNull();
    expect(storageUnavailable(new Error("plain"))).toBeNull();
    expect(storageUnavailable(new HttpError(400, "bad", { code: "SQLITE_FULL" }))).toBeNull();
  });
});
