import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, deleteSession, findSessionUser } from "../auth/sessions";
import { hashToken } from "../auth/tokens";
import { upsertUser } from "../auth/users";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../testing/db";
import { migrateToLatest } from "./database";

describe.each(DIALECTS)("database on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("reports the dialect it was opened with", () => {
    expect(database.dialect).toBe(dialect);
  });

  it("is idempotent when migrating again", async () => {
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it("creates a user once per e-mail, case-insensitively", async () => {
    const a = await upsertUser(database.db, { email: "Ada@Example.com", name: "Ada" });
    const b = await upsertUser(database.db, { email: "ada@example.com " });
    expect(b.id).toBe(a.id);
    expect(b.email).toBe("ada@example.com");
    expect(b.name).toBe("Ada");
    const rows = await database.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "ada@example.com")
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("stores only the hash of a session token and finds its user", async () => {
    const user = await upsertUser(database.db, { email: "grace@example.com" });
    const { token } = await createSession(database.db, user.id);
    const stored = await database.db
      .selectFrom("sessions")
      .selectAll()
      .where("user_id", "=", user.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).toBe(hashToken(token));
    expect(stored[0]?.token_hash).not.toContain(token);
    expect((await findSessionUser(database.db, token))?.email).toBe("grace@example.com");
    await deleteSession(database.db, token);
    expect(await findSessionUser(database.db, token)).toBeUndefined();
  });

  it("ignores expired sessions", async () => {
    const user = await upsertUser(database.db, { email: "old@example.com" });
    const { token } = await createSession(database.db, user.id);
    await database.db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("token_hash", "=", hashToken(token))
      .execute();
    expect(await findSessionUser(database.db, token)).toBeUndefined();
  });

  it("deletes a user's sessions with the user (foreign key cascade)", async () => {
    const user = await upsertUser(database.db, { email: "gone@example.com" });
    await createSession(database.db, user.id);
    await database.db.deleteFrom("users").where("id", "=", user.id).execute();
    const left = await database.db
      .selectFrom("sessions")
      .selectAll()
      .where("user_id", "=", user.id)
      .execute();
    expect(left).toHaveLength(0);
  });
});
