import { describe, expect, it } from "vitest";
import { isTransientDbError, withDbRetry } from "./transient";

/** An error shaped like pg's DatabaseError (a SQLSTATE in `code`). */
const pgError = (code: string, message = "db error") => Object.assign(new Error(message), { code });

describe("isTransientDbError", () => {
  it("recognises connection loss, shutdowns, busy files and serialisation failures", () => {
    for (const error of [
      pgError("57P01", "terminating connection due to administrator command"),
      pgError("08006"),
      pgError("40001"),
      pgError("SQLITE_BUSY"),
      pgError("ECONNREFUSED"),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
    ]) {
      expect(isTransientDbError(error), error.message).toBe(true);
    }
  });

  it("leaves real errors alone", () => {
    for (const error of [
      pgError("23505", "duplicate key value violates unique constraint"),
      pgError("42P01", 'relation "runs" does not exist'),
      new Error("Optimization failed"),
      "Connection terminated",
      null,
    ]) {
      expect(isTransientDbError(error)).toBe(false);
    }
  });
});

describe("withDbRetry", () => {
  it("repeats after transient errors with growing delays, then returns the result", async () => {
    let calls = 0;
    const delays: number[] = [];
    const result = await withDbRetry(
      async () => {
        calls++;
        if (calls < 4) throw new Error("Connection terminated unexpectedly");
        return "saved";
      },
      { baseDelayMs: 1, onRetry: (_e, _a, delay) => delays.push(delay) },
    );
    expect(result).toBe("saved");
    expect(calls).toBe(4);
    expect(delays).toEqual([1, 2, 4]);
  });

  it("throws a non-transient error at once, and a transient one after the last attempt", async () => {
    let calls = 0;
    const duplicate = pgError("23505");
    await expect(
      withDbRetry(async () => {
        calls++;
        throw duplicate;
      }),
    ).rejects.toBe(duplicate);
    expect(calls).toBe(1);
    calls = 0;
    await expect(
      withDbRetry(
        async () => {
          calls++;
          throw pgError("57P01");
        },
        { attempts: 3, baseDelayMs: 1 },
      ),
    ).rejects.toMatchObject({ code: "57P01" });
    expect(calls).toBe(3);
  });
});
