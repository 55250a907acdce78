import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type SignedIn, type TestApp } from "../testing/app";
import { DIALECTS } from "../testing/db";
import { type FixtureLlm, startFixtureLlm } from "../testing/fixture-llm";
import { callApi } from "../testing/http";
import { fixtureLlmEnv } from "../testing/llm-env";
import { agent } from "../testing/requests";

const PROMPT = "You answer questions about our bakery's opening hours.";
const single = { model_name: "fixture-small", prompt: PROMPT, temperature: 0.3 };
const team = {
  "master-agent": agent("master", "You coordinate the bakery team."),
  "worker-agents": [agent("Baker", "You know the bread.")],
};

describe.each(DIALECTS)("web chat ratings and the feedback-chat dataset on %s", (dialect) => {
  let llm: FixtureLlm;
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;

  const rate = (who: SignedIn, body: Record<string, unknown>) =>
    callApi(t.app, "POST", "/api/ratings/chat", body, who);
  const rows = async (who: SignedIn) =>
    (await callApi(t.app, "GET", "/api/feedback/feedback-chat/rows", undefined, who)).json().data
      .rows as Array<Record<string, unknown>>;
  const listed = async (who: SignedIn) =>
    (
      (await callApi(t.app, "GET", "/api/datasets", undefined, who)).json().data as Array<{
        name: string;
        size: number;
        title: string;
      }>
    ).find((d) => d.name === "feedback-chat");

  beforeAll(async () => {
    llm = await startFixtureLlm();
    t = await createTestApp(dialect, { ...fixtureLlmEnv(llm.url), LLM_MAX_RETRIES: "0" });
    alice = await t.signIn("alice-rates@example.com", "Alice");
    bob = await t.signIn("bob-rates@example.com", "Bob");
  });
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  it("stores a 👍 of a single-agent reply with its prompt version, model and pane", async () => {
    const res = await rate(alice, {
      mode: "single",
      config: single,
      side: "before",
      dialog: [{ type: "human", content: "When do you open?" }],
      reply: "We open at 7 am.",
      rating: "up",
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await rows(alice);
    expect(row).toMatchObject({
      id: res.json().data.id,
      side: "before",
      mode: "single",
      rating: "up",
      reference: "We open at 7 am.",
      rubric: [],
      model: "fixture-small",
      temperature: 0.3,
      prompt_hash: createHash("sha256").update(PROMPT).digest("hex"),
      rater: { role: "owner", username: null },
    });
    expect(await listed(alice)).toMatchObject({ title: "Feedback — web chats", size: 1 });
    expect(await listed(bob)).toBeUndefined();
  });

  it("stores a 👎 of a multi-agent reply with the correction and the note as a rubric item", async () => {
    const res = await rate(alice, {
      mode: "multi",
      config: team,
      side: "after",
      dialog: [
        { type: "human", content: "Hi" },
        { type: "ai", content: "Hello!" },
        { type: "human", content: "Open on Sunday?" },
      ],
      reply: "No idea.",
      rating: "down",
      correction: "Yes, from 8 am to noon.",
      note: "Gives the Sunday hours",
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = (await rows(alice)).find((r) => r.id === res.json().data.id);
    expect(row).toMatchObject({
      mode: "multi",
      side: "after",
      rating: "down",
      correction: "Yes, from 8 am to noon.",
      reference: "Yes, from 8 am to noon.",
      rubric: ["Gives the Sunday hours"],
      model: team["master-agent"].model_name,
    });
    expect((await listed(alice))?.size).toBe(2);
  });

  it("keeps an uncorrected 👎 out of the dataset until the owner writes a reference", async () => {
    const res = await rate(alice, {
      mode: "single",
      config: single,
      side: "after",
      dialog: [{ type: "human", content: "Do you bake on holidays?" }],
      reply: "Maybe.",
      rating: "down",
    });
    const id = res.json().data.id as string;
    expect((await rows(alice)).find((r) => r.id === id)?.reference).toBeNull();
    expect((await listed(alice))?.size).toBe(2);

    const edit = await callApi(
      t.app,
      "PUT",
      `/api/feedback/feedback-chat/rows/${id}`,
      { reference: "Only on Christmas Eve, until noon.", rubric: ["Names the one holiday"] },
      alice,
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({
      reference: "Only on Christmas Eve, until noon.",
      rubric: ["Names the one holiday"],
    });
    expect((await listed(alice))?.size).toBe(3);
    const jsonl = await callApi(
      t.app,
      "GET",
      "/api/feedback/feedback-chat/jsonl",
      undefined,
      alice,
    );
    const lines = jsonl.body
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.reference)).toEqual([
      "We open at 7 am.",
      "Yes, from 8 am to noon.",
      "Only on Christmas Eve, until noon.",
    ]);
    expect(lines[1].dialog.at(-1)).toEqual({ type: "human", content: "Open on Sunday?" });

    const evaluated = await callApi(
      t.app,
      "POST",
      "/api/evals",
      { dataset_name: "feedback-chat", prompt: PROMPT, model_name: "fixture-small", split: "all" },
      alice,
    );
    expect(evaluated.statusCode, evaluated.body).toBe(200);

    const removed = await callApi(
      t.app,
      "DELETE",
      `/api/feedback/feedback-chat/rows/${id}`,
      undefined,
      alice,
    );
    expect(removed.statusCode).toBe(200);
    expect((await listed(alice))?.size).toBe(2);
  });

  it("rejects bad ratings and edits with a clear 400, and reserves the Feedback names", async () => {
    const base = {
      mode: "single",
      config: single,
      side: "before",
      dialog: [{ type: "human", content: "Q" }],
      reply: "A",
      rating: "up",
    };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...base, rating: "meh" }, /rating must be up or down/],
      [{ ...base, side: "middle" }, /side must be before or after/],
      [{ ...base, reply: "  " }, /reply must not be empty/],
      [{ ...base, dialog: [{ type: "ai", content: "A" }] }, /last dialog entry must be a human/],
      [{ ...base, mode: "team" }, /mode must be single or multi/],
    ];
    for (const [body, message] of cases) {
      const res = await rate(alice, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
    const [row] = await rows(alice);
    const empty = await callApi(
      t.app,
      "PUT",
      `/api/feedback/feedback-chat/rows/${row?.id}`,
      {},
      alice,
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/nothing to change/);
    const unknown = await callApi(t.app, "GET", "/api/feedback/feedback-x/rows", undefined, alice);
    expect(unknown.statusCode).toBe(404);
    const upload = await callApi(
      t.app,
      "POST",
      "/api/datasets",
      {
        name: "feedback-chat",
        format: "jsonl",
        content: '{"id":"1","dialog":[{"type":"human","content":"q"}],"reference":"a"}',
      },
      alice,
    );
    expect(upload.statusCode).toBe(409);
    expect(upload.json().error.message).toMatch(/Feedback dataset/);
  });

  it("never shows, edits or deletes another user's rows", async () => {
    const [row] = await rows(alice);
    const url = `/api/feedback/feedback-chat/rows/${row?.id}`;
    expect(await rows(bob)).toEqual([]);
    expect((await callApi(t.app, "PUT", url, { reference: "x" }, bob)).statusCode).toBe(404);
    expect((await callApi(t.app, "DELETE", url, undefined, bob)).statusCode).toBe(404);
    // A Telegram-dataset path does not reach a web chat row either.
    const crossed = `/api/feedback/feedback-telegram/rows/${row?.id}`;
    expect((await callApi(t.app, "DELETE", crossed, undefined, alice)).statusCode).toBe(404);
    const bobsDownload = await callApi(
      t.app,
      "GET",
      "/api/feedback/feedback-chat/jsonl",
      undefined,
      bob,
    );
    expect(bobsDownload.body).toBe("");
    expect((await rows(alice)).find((r) => r.id === row?.id)?.reference).not.toBe("x");
  });

  it("exports the ratings with a read-scope API token, which cannot change them", async () => {
    const created = await callApi(
      t.app,
      "POST",
      "/api/profile/tokens",
      { name: "ratings export", scopes: ["read"] },
      alice,
    );
    expect(created.statusCode, created.body).toBe(201);
    const bearer = { authorization: `Bearer ${created.json().data.token}` };
    const rowsRes = await t.app.inject({
      method: "GET",
      url: "/api/feedback/feedback-chat/rows",
      headers: bearer,
    });
    expect(rowsRes.statusCode).toBe(200);
    const [first] = rowsRes.json().data.rows as Array<{ id: string }>;
    const jsonl = await t.app.inject({
      method: "GET",
      url: "/api/feedback/feedback-chat/jsonl",
      headers: bearer,
    });
    expect(jsonl.statusCode).toBe(200);
    expect(jsonl.body.trim().split("\n")).toHaveLength(2);
    const edit = await t.app.inject({
      method: "PUT",
      url: `/api/feedback/feedback-chat/rows/${first?.id}`,
      headers: { ...bearer, "content-type": "application/json" },
      payload: JSON.stringify({ reference: "changed by a read token" }),
    });
    expect(edit.statusCode).toBe(403);
  });
});
