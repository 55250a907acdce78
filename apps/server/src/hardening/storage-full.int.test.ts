/**
 * Attack regression (issue 21, item 9): a full disk or a read-only database
 * answered every write with a generic 500. The error handler now maps
 * SQLITE_FULL / SQLITE_READONLY / SQLITE_IOERR to a 503 with a plain message.
 * A full disk is simulated with SQLite's own `max_page_count` (the database
 * cannot grow past its current size), a read-only one with `query_only`.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORAGE_MESSAGES } from "../http/storage-errors";
import { createTestApp, type TestApp } from "../testing/app";
import { callApi } from "../testing/http";

describe("storage failures at runtime on sqlite", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("sqlite", {
      AUTH_RATE_LIMIT_PER_EMAIL: "1000000",
      AUTH_RATE_LIMIT_PER_IP: "1000000",
    });
  });
  afterAll(async () => {
    await sql`PRAGMA query_only = 0`.execute(t.database.db);
    await t?.close();
  });

  const requestCode = (i: number) =>
    callApi(
      t.app,
      "POST",
      "/api/auth/signin",
      { email: `filler-${i}@example.com` },
      {
        ip: `10.21.9.${(i % 250) + 1}`,
      },
    );

  it("answers 503 with a plain message when the database is full", async () => {
    const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(t.database.db);
    const pages = Number(rows[0]?.page_count);
    await sql.raw(`PRAGMA max_page_count = ${pages}`).execute(t.database.db);
    let full: Awaited<ReturnType<typeof requestCode>> | undefined;
    let accepted = 0;
    for (let i = 0; i < 2000 && !full; i++) {
      const res = await requestCode(i);
      if (res.statusCode === 200) accepted++;
      else full = res;
    }
    console.info(
      `[attack-regression] sqlite: database capped at ${pages} pages; request ${accepted + 1} hit SQLITE_FULL -> ${full?.statusCode}`,
    );
    expect(full?.statusCode).toBe(503);
    expect(full?.headers["retry-after"]).toBe("60");
    expect(full?.json().error).toMatchObject({
      message: STORAGE_MESSAGES.full,
      code: "storage_unavailable",
    });
    // Reads still work while the disk is full.
    expect((await callApi(t.app, "GET", "/api/auth/status")).statusCode).toBe(200);
    await sql.raw("PRAGMA max_page_count = 1073741823").execute(t.database.db);
    expect((await requestCode(99_999)).statusCode).toBe(200);
  });

  it("answers 503 with a plain message when the database is read-only", async () => {
    await sql`PRAGMA query_only = 1`.execute(t.database.db);
    const res = await requestCode(100_000);
    await sql`PRAGMA query_only = 0`.execute(t.database.db);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe(STORAGE_MESSAGES.readOnly);
  });
});
