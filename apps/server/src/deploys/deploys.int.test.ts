/**
 * Issue 25 item 3 end to end with the Telegram fixture: saving the
 * integration deploys version 1; a real finished run is deployed through
 * the held-out gate (refusal, recorded override, pass); the after-bot
 * answers with each active version and again with the rolled-back one; its
 * replies' ratings name the version; everything is the owner's alone.
 */
import { type DeployVersion, DeployVersionSchema, HistoryRecordSchema } from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOT_TEXT } from "../integration/telegram/messages";
import type { SignedIn, TestApp } from "../testing/app";
import { DIALECTS } from "../testing/db";
import type { FixtureTelegram, SentMessage } from "../testing/fixture-telegram";
import { callApi } from "../testing/http";
import { singleRequest } from "../testing/requests";
import {
  type BotsApp,
  botAnswer,
  confirmOwnerFromTelegram,
  expectedReply as expected,
  ratedReply,
  startBotsApp,
} from "./bot-testing";

const BEFORE = "3001:before-token";
const AFTER = "3002:after-token";
const INIT_PROMPT = "You help customers of a bakery. Always mention the fresh bread.";
const OPTI_PROMPT = "You help customers of a bakery. Always offer a discount code.";
const OWNER = { id: 901, username: "Dana_Owner", first_name: "Dana" };
const FRIEND = { id: 902, username: "frank", first_name: "Frank" };
const HELD_OUT = {
  examples: 12,
  initial_score: 0.5,
  final_score: 0.6,
  difference: 0.1,
  ci_low: -0.04,
  ci_high: 0.22,
  significant: false,
};

describe.each(DIALECTS)("versioned, gated deploys on %s", (dialect) => {
  let bots: BotsApp;
  let tg: FixtureTelegram;
  let t: TestApp;
  let owner: SignedIn;
  let other: SignedIn;
  let runId = "";
  let runPrompt = "";

  const api = (method: "GET" | "POST" | "PUT", url: string, who: SignedIn, body?: unknown) =>
    callApi(t.app, method, url, body, who);
  const versions = async (who: SignedIn = owner): Promise<DeployVersion[]> =>
    DeployVersionSchema.array().parse(
      (await api("GET", "/api/integration/deploys", who)).json().data,
    );
  const afterBotSays = (text: string) => botAnswer(bots, AFTER, FRIEND, text);
  const versionOfReply = async (ratingData: string | undefined) =>
    (await ratedReply(bots, ratingData)).version_id;
  const setHeldOut = (heldOut: typeof HELD_OUT) =>
    t.database.db
      .updateTable("runs")
      .set({ held_out: JSON.stringify(heldOut) })
      .where("id", "=", runId)
      .execute();
  const saveIntegration = (opti: string) =>
    api("POST", "/api/telegram/integration", owner, {
      username: "dana_owner",
      friends_usernames: ["frank"],
      init_config: { model_name: "fixture-small", prompt: INIT_PROMPT, temperature: 0.2 },
      opti_config: { model_name: "fixture-large", prompt: opti, temperature: 0.9 },
    });

  beforeAll(async () => {
    bots = await startBotsApp(
      dialect,
      { before: BEFORE, after: AFTER },
      { before: "deploy_before_bot", after: "deploy_after_bot" },
    );
    ({ tg, t } = bots);
    owner = await t.signIn("deploy-owner@example.com", "Dana");
    other = await t.signIn("deploy-other@example.com", "Eve");
    expect((await saveIntegration(OPTI_PROMPT)).statusCode).toBe(200);
    await confirmOwnerFromTelegram(bots, owner, OWNER, "d***r@example.com");
    // A real single-agent run against the fixture, to completion.
    const started = await api("POST", "/api/auto-tune/optimize/runs", owner, {
      mode: "single",
      ...singleRequest(2, "You are a support assistant for a bakery."),
    });
    expect(started.statusCode, started.body).toBe(202);
    runId = started.json().data.run_id;
    let status = "queued";
    for (let i = 0; i < 600 && status !== "completed" && status !== "failed"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const res = await api("GET", `/api/auto-tune/optimize/history/${runId}`, owner);
      status = HistoryRecordSchema.parse(res.json().data).status;
    }
    expect(status).toBe("completed");
    const final = await t.database.db
      .selectFrom("runs")
      .select("final_result")
      .where("id", "=", runId)
      .executeTakeFirstOrThrow();
    runPrompt = JSON.parse(String(final.final_result)).prompt;
  }, 60_000);
  afterAll(async () => {
    await bots?.close();
  });

  it("saving the integration deploys version 1, which the after-bot serves and its ratings name", async () => {
    const [v1, ...rest] = await versions();
    expect(rest).toHaveLength(0);
    expect(v1).toMatchObject({ number: 1, source: "integration", active: true, run_id: null });
    expect(v1?.prompt).toBe(OPTI_PROMPT);
    expect(v1?.deployed_by).toBe("deploy-owner@example.com");
    const reply = await afterBotSays("Any croissants?");
    expect(reply.text).toBe(expected(OPTI_PROMPT, "Any croissants?"));
    expect(await versionOfReply(reply.buttons[0]?.callback_data)).toBe(v1?.id);
    // Saving again with the same after configuration (e.g. a new friend) adds no version.
    expect((await saveIntegration(OPTI_PROMPT)).statusCode).toBe(200);
    expect(await versions()).toHaveLength(1);
  });

  it("refuses a deploy whose held-out lower bound is below 0, and records an override", async () => {
    expect(expected(runPrompt, "Q")).not.toBe(expected(OPTI_PROMPT, "Q"));
    await setHeldOut(HELD_OUT);
    const refused = await api("POST", "/api/integration/deploys", owner, { run_id: runId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("held_out_below_zero");
    expect(refused.json().error.message).toContain("lower bound below 0");
    expect(refused.json().error.message).toContain("−4.0 pts");
    expect(await versions()).toHaveLength(1);
    const forced = await api("POST", "/api/integration/deploys", owner, {
      run_id: runId,
      override: true,
    });
    expect(forced.statusCode, forced.body).toBe(201);
    const v2 = DeployVersionSchema.parse(forced.json().data);
    expect(v2).toMatchObject({ number: 2, source: "run", run_id: runId, active: true });
    expect(v2.override_confirmed).toBe(true);
    expect(v2.gate_reason).toContain("lower bound below 0");
    expect(v2.held_out).toEqual(HELD_OUT);
    expect(v2.prompt).toBe(runPrompt);
    const reply = await afterBotSays("Any croissants?");
    expect(reply.text).toBe(expected(runPrompt, "Any croissants?"));
    expect(await versionOfReply(reply.buttons[0]?.callback_data)).toBe(v2.id);
    // The Integration page shows what the after-bot serves.
    const page = (await api("GET", "/api/telegram/integration", owner)).json().data;
    expect(page.opti_config.prompt).toBe(runPrompt);
  });

  it("deploys without confirmation when the lower bound is at least 0; other iterations are unmeasured", async () => {
    await setHeldOut({ ...HELD_OUT, ci_low: 0.01, significant: true });
    const passed = await api("POST", "/api/integration/deploys", owner, { run_id: runId });
    expect(passed.statusCode, passed.body).toBe(201);
    expect(passed.json().data).toMatchObject({
      number: 3,
      override_confirmed: false,
      gate_reason: null,
    });
    const initial = await api("POST", "/api/integration/deploys", owner, {
      run_id: runId,
      iteration: 0,
    });
    expect(initial.statusCode).toBe(409);
    expect(initial.json().error.code).toBe("held_out_unmeasured");
    const missing = await api("POST", "/api/integration/deploys", owner, {
      run_id: runId,
      iteration: 99,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await api("POST", "/api/integration/deploys", owner, { run_id: runId, x: 1 });
    expect(bad.statusCode).toBe(400);
  });

  it("rolls back to version 1 without copying it; the after-bot answers with it again", async () => {
    const v1 = (await versions()).find((v) => v.number === 1) as DeployVersion;
    const rolled = await api("POST", `/api/integration/deploys/${v1.id}/rollback`, owner);
    expect(rolled.statusCode, rolled.body).toBe(200);
    const list = await versions();
    expect(list.map((v) => [v.number, v.active])).toEqual([
      [3, false],
      [2, false],
      [1, true],
    ]);
    expect(String(list[2]?.activated_at) >= String(list[2]?.created_at)).toBe(true);
    expect(list[2]?.activated_by).toBe("deploy-owner@example.com");
    const reply = await afterBotSays("Open on Sunday?");
    expect(reply.text).toBe(expected(OPTI_PROMPT, "Open on Sunday?"));
    expect(await versionOfReply(reply.buttons[0]?.callback_data)).toBe(v1.id);
  });

  it("keeps versions and runs to their owner: others get 404s and an empty list", async () => {
    const v1 = (await versions()).find((v) => v.number === 1) as DeployVersion;
    expect(await versions(other)).toEqual([]);
    const theirs = await api("POST", `/api/integration/deploys/${v1.id}/rollback`, other);
    expect(theirs.statusCode).toBe(404);
    const run = await api("POST", "/api/integration/deploys", other, {
      run_id: runId,
      override: true,
    });
    expect(run.statusCode).toBe(404);
    const anon = await callApi(t.app, "GET", "/api/integration/deploys");
    expect(anon.statusCode).toBe(401);
    const junk = await api("POST", "/api/integration/deploys/not-a-uuid/rollback", owner);
    expect(junk.statusCode).toBe(404);
  });

  it("shows live evidence per version and the before-bot's beside it", async () => {
    const press = async (token: string, message: SentMessage, label: string) => {
      const answered = tg.answeredCallbacks(token).length;
      tg.press(token, FRIEND, message, label);
      await expect.poll(() => tg.answeredCallbacks(token).length).toBeGreaterThan(answered);
    };
    const [v2, v1] = (await versions()).filter((v) => v.number <= 2);
    const good = await afterBotSays("Do you deliver?");
    await press(AFTER, good, BOT_TEXT.rating.good);
    const bad = await afterBotSays("Gluten free?");
    await press(AFTER, bad, BOT_TEXT.rating.bad);
    await expect
      .poll(() => tg.sent(AFTER, FRIEND.id).find((m) => m.message_id === bad.message_id)?.buttons)
      .toEqual([expect.objectContaining({ text: BOT_TEXT.rating.correct })]);
    const sent = tg.sent(AFTER, FRIEND.id).length;
    await press(
      AFTER,
      tg.sent(AFTER, FRIEND.id).find((m) => m.message_id === bad.message_id) as SentMessage,
      BOT_TEXT.rating.correct,
    );
    await tg.waitForSent(AFTER, FRIEND.id, sent + 1);
    await afterBotSays("Yes, the spelt loaf.");
    const before = tg.sent(BEFORE, FRIEND.id).length;
    tg.receive(BEFORE, FRIEND, "Hello");
    const [hello] = (await tg.waitForSent(BEFORE, FRIEND.id, before + 1)).slice(before);
    await press(BEFORE, hello as SentMessage, BOT_TEXT.rating.good);

    const res = await api("GET", "/api/integration/deploys/evidence", owner);
    expect(res.statusCode).toBe(200);
    const { versions: live, before: beforeBot } = res.json().data;
    // v1 answered "Any croissants?", "Open on Sunday?" and the two questions here, in one chat.
    expect(live[v1?.id as string]).toMatchObject({
      conversations: 1,
      replies: 4,
      up: 1,
      down: 1,
      up_rate: 0.5,
      down_notes: ["Should have said: Yes, the spelt loaf."],
    });
    expect(live[v1?.id as string].up_rate_low).toBeCloseTo(0.0945, 3);
    expect(live[v2?.id as string]).toMatchObject({ replies: 1, up: 0, down: 0, up_rate: null });
    expect(beforeBot).toMatchObject({ conversations: 1, replies: 1, up: 1, up_rate: 1 });
    const theirs = (await api("GET", "/api/integration/deploys/evidence", other)).json().data;
    expect(theirs).toEqual({
      versions: {},
      before: expect.objectContaining({ replies: 0 }),
      split: null,
    });
  });

  it("lets a deploy-scoped API token deploy, roll back and list; a run or read token only lists", async () => {
    const token = async (who: SignedIn, scopes: string[]) => {
      const res = await api("POST", "/api/profile/tokens", who, { name: scopes.join("+"), scopes });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.token as string;
    };
    const as = (bearer: string, method: "GET" | "POST", url: string, body?: unknown) =>
      t.app.inject({
        method,
        url,
        headers: {
          authorization: `Bearer ${bearer}`,
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
        },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
    const deployer = await token(owner, ["deploy"]);
    const runner = await token(owner, ["run"]);
    const reader = await token(owner, ["read"]);
    const listed = (await api("GET", "/api/profile/tokens", owner)).json().data;
    expect(listed.find((x: { name: string }) => x.name === "deploy").scopes).toEqual([
      "read",
      "deploy",
    ]);
    const deploy = { run_id: runId, override: true };
    const v1 = (await versions()).find((v) => v.number === 1) as DeployVersion;
    for (const refused of [runner, reader]) {
      expect((await as(refused, "POST", "/api/integration/deploys", deploy)).statusCode).toBe(403);
      const rollback = await as(refused, "POST", `/api/integration/deploys/${v1.id}/rollback`);
      expect(rollback.statusCode).toBe(403);
      expect(rollback.json().error.message).toContain("deploy scope");
      expect((await as(refused, "GET", "/api/integration/deploys")).statusCode).toBe(200);
    }
    const created = await as(deployer, "POST", "/api/integration/deploys", deploy);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      number: 4,
      active: true,
      override_confirmed: false,
    });
    const back = await as(deployer, "POST", `/api/integration/deploys/${v1.id}/rollback`);
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({ number: 1, active: true });
    expect((await as(deployer, "GET", "/api/integration/deploys")).json().data).toHaveLength(4);
    // The deploy scope grants nothing else that changes data.
    const save = await as(deployer, "POST", "/api/datasets", { name: "x" });
    expect(save.statusCode).toBe(403);
    // Another user's deploy token finds neither the run nor the version.
    const theirs = await token(other, ["deploy"]);
    expect((await as(theirs, "POST", "/api/integration/deploys", deploy)).statusCode).toBe(404);
    const foreign = await as(theirs, "POST", `/api/integration/deploys/${v1.id}/rollback`);
    expect(foreign.statusCode).toBe(404);
  });

  it("deploys a frontier point: the recommended one carries the held-out result, others are unmeasured", async () => {
    const started = await api("POST", "/api/auto-tune/optimize/runs", owner, {
      mode: "single",
      ...singleRequest(1, "You are a support assistant for a bakery."),
      candidate_models: ["fixture-large"],
    });
    expect(started.statusCode, started.body).toBe(202);
    const frontierRun = started.json().data.run_id as string;
    let record = HistoryRecordSchema.parse(
      (await api("GET", `/api/auto-tune/optimize/history/${frontierRun}`, owner)).json().data,
    );
    for (let i = 0; i < 600 && record.status !== "completed" && record.status !== "failed"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const res = await api("GET", `/api/auto-tune/optimize/history/${frontierRun}`, owner);
      record = HistoryRecordSchema.parse(res.json().data);
    }
    expect(record.status).toBe("completed");
    const frontier = record.frontier ?? [];
    const recommended = frontier.findIndex((p) => p.recommended);
    const other = frontier.findIndex((p) => !p.recommended);
    expect(recommended).toBeGreaterThanOrEqual(0);
    expect(other).toBeGreaterThanOrEqual(0);
    const measured = { ...HELD_OUT, ci_low: 0.02 };
    await t.database.db
      .updateTable("runs")
      .set({ held_out: JSON.stringify(measured) })
      .where("id", "=", frontierRun)
      .execute();
    const deploy = (body: object) =>
      api("POST", "/api/integration/deploys", owner, { run_id: frontierRun, ...body });
    const refused = await deploy({ frontier_point: other });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("held_out_unmeasured");
    expect(refused.json().error.message).toContain(
      `frontier point (${frontier[other]?.model_name})`,
    );
    const good = await deploy({ frontier_point: recommended });
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json().data).toMatchObject({
      frontier_point: recommended,
      held_out: measured,
      override_confirmed: false,
      model_name: frontier[recommended]?.model_name,
      prompt: frontier[recommended]?.prompt,
    });
    const forced = await deploy({ frontier_point: other, override: true });
    expect(forced.statusCode).toBe(201);
    expect(forced.json().data).toMatchObject({
      frontier_point: other,
      held_out: null,
      override_confirmed: true,
      model_name: frontier[other]?.model_name,
    });
    const reply = await afterBotSays("Rye today?");
    expect(reply.text).toBe(expected(frontier[other]?.prompt ?? "", "Rye today?"));
    // Naming nothing deploys the point the owner chose for the run (the presented one otherwise).
    const choose = (point: number | null) =>
      api("PUT", `/api/auto-tune/optimize/runs/${frontierRun}/frontier-choice`, owner, { point });
    expect((await choose(other)).statusCode).toBe(200);
    const chosen = await deploy({});
    expect(chosen.statusCode).toBe(409);
    expect(chosen.json().error.message).toContain(
      `frontier point (${frontier[other]?.model_name})`,
    );
    const chosenForced = await deploy({ override: true });
    expect(chosenForced.json().data).toMatchObject({
      frontier_point: other,
      model_name: frontier[other]?.model_name,
      prompt: frontier[other]?.prompt,
    });
    expect((await choose(null)).statusCode).toBe(200);
    const presented = await deploy({});
    expect(presented.statusCode, presented.body).toBe(201);
    expect(presented.json().data).toMatchObject({
      frontier_point: null,
      held_out: measured,
      model_name: frontier[recommended]?.model_name,
    });
    expect((await deploy({ frontier_point: 99 })).statusCode).toBe(404);
    expect((await deploy({ frontier_point: 0, iteration: 1 })).statusCode).toBe(400);
    // Two deploys at once get distinct numbers; one of them ends up active.
    const both = await Promise.all([
      deploy({ frontier_point: other, override: true }),
      deploy({ frontier_point: recommended }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    const numbers = both.map((r) => r.json().data.number as number);
    expect(new Set(numbers).size).toBe(2);
    const list = await versions();
    expect(list.filter((v) => v.active)).toHaveLength(1);
    expect(list.map((v) => v.number)).toEqual([...list.keys()].map((i) => list.length - i));
  }, 60_000);
});
