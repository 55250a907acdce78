import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app";
import { DIALECTS } from "../testing/db";
import { findDatasetsDir } from "./location";
import { DatasetRegistry } from "./registry";

function jsonl(n: number, withExpected = false): string {
  return Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      id: `ex-${i}`,
      dialog: [{ type: "human", content: `What is ${i} + ${i}?` }],
      reference: `It is ${2 * i}.`,
      rubric: ["state the final answer"],
      ...(withExpected ? { expected: String(2 * i) } : {}),
    }),
  ).join("\n");
}

describe.each(DIALECTS)("datasets API on %s", (dialect) => {
  let t: TestApp;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    alice = (await t.signIn("alice@example.com")).cookie;
    bob = (await t.signIn("bob@example.com")).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (cookie: string | undefined, body: unknown) =>
    t.app.inject({
      method: "POST",
      url: "/api/datasets",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      payload: body as object,
    });

  it("lists the bundled datasets to everyone", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/datasets" });
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((d: { name: string }) => d.name);
    expect(names).toEqual(expect.arrayContaining(["DCH2", "DCH2-top-dialogs", "math-tutor"]));
    const dch2 = res.json().data.find((d: { name: string }) => d.name === "DCH2");
    expect(dch2).toMatchObject({ owner: "bundled", metric: "judge" });
    expect(dch2.size).toBeGreaterThanOrEqual(100);
  });

  it("uploads JSONL privately to its owner", async () => {
    const res = await upload(alice, { name: "my-set", format: "jsonl", content: jsonl(5) });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: "my-set",
      size: 5,
      owner: "user",
      metric: "judge",
    });
    const mine = (
      await t.app.inject({ method: "GET", url: "/api/datasets", headers: { cookie: alice } })
    ).json().data;
    expect(mine.map((d: { name: string }) => d.name)).toContain("my-set");
    const theirs = (
      await t.app.inject({ method: "GET", url: "/api/datasets", headers: { cookie: bob } })
    ).json().data;
    expect(theirs.map((d: { name: string }) => d.name)).not.toContain("my-set");
    const again = await upload(alice, { name: "my-set", format: "jsonl", content: jsonl(5) });
    expect(again.statusCode).toBe(409);
    const del = await t.app.inject({
      method: "DELETE",
      url: "/api/datasets/my-set",
      headers: { cookie: bob, "content-type": "application/json" },
      payload: {},
    });
    expect(del.statusCode).toBe(404);
  });

  it("keeps the task text given at upload for the optimiser, and refuses an overlong one", async () => {
    const task = "A math tutor that shows every step.";
    const res = await upload(alice, {
      name: "tutor-set",
      title: "Tutor",
      description: "Sums for pupils.",
      task,
      format: "jsonl",
      content: jsonl(3),
    });
    expect(res.statusCode).toBe(201);
    const registry = new DatasetRegistry(t.database.db, findDatasetsDir(undefined));
    const { userId } = await t.signIn("alice@example.com");
    const loaded = await registry.resolve(userId, "tutor-set");
    expect(loaded).toMatchObject({ title: "Tutor", description: "Sums for pupils.", task });
    const detail = await t.app.inject({
      method: "GET",
      url: "/api/datasets/tutor-set",
      headers: { cookie: alice },
    });
    expect(detail.json().data.task).toBe(task);
    const long = await upload(alice, {
      name: "tutor-long",
      task: "x".repeat(2001),
      format: "jsonl",
      content: jsonl(3),
    });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain("task must be at most 2000 characters");
  });

  it("uploads CSV with quoted fields and rubric items", async () => {
    const csv = [
      "id,input,reference,rubric,expected",
      'a,"Hello, what is 2+2?","It is 4.","state the answer|be brief",4',
      'b,"Multi\nline question","Answer ""B"".",state the answer,B',
      "c,Third,Three,state the answer,3",
    ].join("\n");
    const res = await upload(alice, {
      name: "csv-set",
      format: "csv",
      metric: "contains",
      content: csv,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ size: 3, metric: "contains" });
  });

  it("reports invalid files with line numbers and keeps nothing", async () => {
    const broken = `${jsonl(3)}\n{not json}\n${JSON.stringify({ id: "x", dialog: [], reference: "" })}`;
    const res = await upload(alice, { name: "broken", format: "jsonl", content: broken });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/line 4: not valid JSON/);
    expect(res.json().error.message).toMatch(/line 5:/);
    const csv = await upload(alice, {
      name: "broken-csv",
      format: "csv",
      content: "id,question\n1,hi",
    });
    expect(csv.statusCode).toBe(400);
    expect(csv.json().error.message).toContain("reference");
    const list = (
      await t.app.inject({ method: "GET", url: "/api/datasets", headers: { cookie: alice } })
    ).json().data;
    expect(list.map((d: { name: string }) => d.name)).not.toContain("broken");
  });

  it("enforces names, sizes, metrics and sign-in", async () => {
    expect(
      (await upload(undefined, { name: "x1", format: "jsonl", content: jsonl(3) })).statusCode,
    ).toBe(401);
    expect(
      (await upload(alice, { name: "bad name!", format: "jsonl", content: jsonl(3) })).statusCode,
    ).toBe(400);
    expect(
      (await upload(alice, { name: "DCH2", format: "jsonl", content: jsonl(3) })).statusCode,
    ).toBe(409);
    const tooFew = await upload(alice, { name: "few", format: "jsonl", content: jsonl(2) });
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json().error.message).toContain("at least 3 examples");
    const noExpected = await upload(alice, {
      name: "exact-set",
      format: "jsonl",
      metric: "exact",
      content: jsonl(3),
    });
    expect(noExpected.statusCode).toBe(400);
    expect(noExpected.json().error.message).toContain("expected");
    expect(
      (
        await upload(alice, {
          name: "exact-ok",
          format: "jsonl",
          metric: "exact",
          content: jsonl(3, true),
        })
      ).statusCode,
    ).toBe(201);
  });

  it("deletes the owner's dataset", async () => {
    await upload(alice, { name: "temp-set", format: "jsonl", content: jsonl(3) });
    const del = await t.app.inject({
      method: "DELETE",
      url: "/api/datasets/temp-set",
      headers: { cookie: alice, "content-type": "application/json" },
      payload: {},
    });
    expect(del.statusCode).toBe(200);
    const list = (
      await t.app.inject({ method: "GET", url: "/api/datasets", headers: { cookie: alice } })
    ).json().data;
    expect(list.map((d: { name: string }) => d.name)).not.toContain("temp-set");
  });
});
