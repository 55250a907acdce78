/**
 * Personal API tokens on both dialects: created (shown once, hashed at
 * rest), listed without the secret, revoked; accepted as Bearer by the auth
 * guard with their scopes (read: GET only; run: also changes and run
 * sockets); never able to manage tokens or the account; another user's
 * token id answers like an unknown one.
 */
import { createHash } from "node:crypto";
import { ApiTokenCreatedSchema, ApiTokenSchema } from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "../testing/app";
import { DIALECTS } from "../testing/db";
import { callApi } from "../testing/http";

describe.each(DIALECTS)("API tokens on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  const bearer = (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    token: string,
    body?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${token}`,
        origin: t.app.deps.env.PUBLIC_URL,
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });

  const create = async (cookie: string, name: string, scopes: string[]) => {
    const res = await callApi(t.app, "POST", "/api/profile/tokens", { name, scopes }, { cookie });
    expect(res.statusCode, res.body).toBe(201);
    return ApiTokenCreatedSchema.parse(res.json().data);
  };

  it("creates a token shown once, stores only its hash and lists it without the secret", async () => {
    const { cookie, userId } = await t.signIn("tokens@example.com", "Tina");
    const created = await create(cookie, "CI nightly", ["read"]);
    expect(created.token).toMatch(/^pt_[A-Za-z0-9_-]{43}$/);
    const rows = await t.database.db
      .selectFrom("api_tokens")
      .selectAll()
      .where("user_id", "=", userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(createHash("sha256").update(created.token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(created.token);
    const list = await callApi(t.app, "GET", "/api/profile/tokens", undefined, { cookie });
    const tokens = z.array(ApiTokenSchema).parse(list.json().data);
    expect(tokens).toEqual([
      expect.objectContaining({
        id: created.id,
        name: "CI nightly",
        scopes: ["read"],
        last_used_at: null,
      }),
    ]);
    expect(tokens[0]?.prefix).toBe(`${created.token.slice(0, 9)}…`);
    expect(list.body).not.toContain(created.token);
  });

  it("accepts a token as Bearer within its scopes and records its use", async () => {
    const { cookie } = await t.signIn("scopes@example.com", "Sam");
    const read = await create(cookie, "reader", ["read"]);
    const run = await create(cookie, "runner", ["run"]);
    const profile = await bearer("GET", "/api/profile", read.token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.name).toBe("Sam");
    const datasets = await bearer("GET", "/api/datasets", read.token);
    expect(datasets.statusCode).toBe(200);
    // read: no changes
    const upload = {
      name: "from-ci",
      format: "jsonl",
      content: ["a", "b", "c"]
        .map((id) =>
          JSON.stringify({ id, dialog: [{ type: "human", content: "hi" }], reference: "r" }),
        )
        .join("\n"),
    };
    const refused = await bearer("POST", "/api/datasets", read.token, upload);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toContain("read scope only");
    // run implies read and allows changes
    expect((await bearer("POST", "/api/datasets", run.token, upload)).statusCode).toBe(201);
    expect((await bearer("GET", "/api/datasets", run.token)).statusCode).toBe(200);
    const list = await callApi(t.app, "GET", "/api/profile/tokens", undefined, { cookie });
    const used = z.array(ApiTokenSchema).parse(list.json().data);
    expect(used.find((x) => x.id === run.id)?.scopes).toEqual(["read", "run"]);
    expect(used.every((x) => x.last_used_at !== null)).toBe(true);
  });

  it("never lets a token manage tokens or the account", async () => {
    const { cookie } = await t.signIn("escalate@example.com", "Eve");
    const run = await create(cookie, "runner", ["run"]);
    expect((await bearer("GET", "/api/profile/tokens", run.token)).statusCode).toBe(403);
    expect(
      (await bearer("POST", "/api/profile/tokens", run.token, { name: "more", scopes: ["run"] }))
        .statusCode,
    ).toBe(403);
    expect((await bearer("DELETE", `/api/profile/tokens/${run.id}`, run.token)).statusCode).toBe(
      403,
    );
    expect(
      (
        await bearer("PUT", "/api/profile", run.token, {
          name: "x",
          company_name: "",
          ready_to_contact: false,
        })
      ).statusCode,
    ).toBe(403);
  });

  it("revokes a token at once; another user's token id is not found and stays valid", async () => {
    const alice = await t.signIn("alice.tokens@example.com", "Alice");
    const bob = await t.signIn("bob.tokens@example.com", "Bob");
    const token = await create(alice.cookie, "laptop", ["read"]);
    const bobTries = await callApi(t.app, "DELETE", `/api/profile/tokens/${token.id}`, undefined, {
      cookie: bob.cookie,
    });
    expect(bobTries.statusCode).toBe(404);
    expect((await bearer("GET", "/api/profile", token.token)).statusCode).toBe(200);
    const bobList = await callApi(t.app, "GET", "/api/profile/tokens", undefined, {
      cookie: bob.cookie,
    });
    expect(bobList.json().data).toEqual([]);
    const revoked = await callApi(t.app, "DELETE", `/api/profile/tokens/${token.id}`, undefined, {
      cookie: alice.cookie,
    });
    expect(revoked.statusCode).toBe(200);
    expect((await bearer("GET", "/api/profile", token.token)).statusCode).toBe(401);
    expect((await bearer("GET", "/api/profile", `${token.token}x`)).statusCode).toBe(401);
  });

  it("rejects bad token requests with a clear 400", async () => {
    const { cookie } = await t.signIn("bad.tokens@example.com");
    const cases: Array<[unknown, string]> = [
      [{ name: "", scopes: ["read"] }, "Give the token a name."],
      [{ name: "x", scopes: [] }, "Choose at least one scope."],
      [{ name: "x", scopes: ["admin"] }, ""],
      [{ name: "x", scopes: ["read", "read"] }, "A scope is listed twice."],
      [{ name: "x".repeat(61), scopes: ["read"] }, "at most 60 characters"],
      [{ name: "x", scopes: ["read"], extra: 1 }, ""],
    ];
    for (const [body, message] of cases) {
      const res = await callApi(t.app, "POST", "/api/profile/tokens", body, { cookie });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
  });
});
