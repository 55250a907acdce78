/**
 * Issue 25 item 4, the traffic split, end to end with the Telegram fixture:
 * two friends whose buckets fall on either side of a 50 % split get replies
 * from different versions (the reply is what the fixture model answers
 * under each version's prompt), their ratings name the serving version, the
 * evidence lists both sides with their shares, and a deploy or rollback
 * ends the split. Ownership 404s, bad input 400s, API token scopes.
 */
import { type DeployVersion, DeployVersionSchema } from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SignedIn } from "../testing/app";
import { DIALECTS } from "../testing/db";
import { callApi } from "../testing/http";
import {
  type BotsApp,
  botAnswer,
  confirmOwnerFromTelegram,
  expectedReply as expected,
  ratedReply,
  startBotsApp,
} from "./bot-testing";
import { splitBucket } from "./split";

const BEFORE = "3101:before-token";
const AFTER = "3102:after-token";
const INIT_PROMPT = "You help customers of a florist. Mention the roses.";
const OLD_PROMPT = "You help customers of a florist. Always suggest tulips.";
const NEW_PROMPT = "You help customers of a florist. Always offer same-day delivery.";
const THIRD_PROMPT = "You help customers of a florist. Always ask about the occasion.";
const OWNER = { id: 911, username: "Fay_Owner", first_name: "Fay" };

/** The first Telegram id from `start` whose bucket for `ownerId` satisfies `fits`. */
function senderWhere(ownerId: string, start: number, fits: (bucket: number) => boolean): number {
  for (let id = start; ; id++) if (fits(splitBucket(ownerId, id))) return id;
}

describe.each(DIALECTS)("after-bot traffic split on %s", (dialect) => {
  let bots: BotsApp;
  let owner: SignedIn;
  let other: SignedIn;
  let newSide = { id: 0, username: "nina", first_name: "Nina" };
  let oldSide = { id: 0, username: "omar", first_name: "Omar" };
  let v1: DeployVersion;
  let v2: DeployVersion;

  const api = (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    who?: SignedIn,
    body?: unknown,
  ) => callApi(bots.t.app, method, url, body, who);
  const versions = async (): Promise<DeployVersion[]> =>
    DeployVersionSchema.array().parse(
      (await api("GET", "/api/integration/deploys", owner)).json().data,
    );
  const split = (body: unknown, who: SignedIn = owner) =>
    api("PUT", "/api/integration/deploys/split", who, body);
  const afterBotSays = (friend: typeof newSide, text: string) =>
    botAnswer(bots, AFTER, friend, text);
  const versionOfReply = (ratingData: string | undefined) => ratedReply(bots, ratingData);
  const saveIntegration = (opti: string) =>
    api("POST", "/api/telegram/integration", owner, {
      username: "fay_owner",
      friends_usernames: ["nina", "omar"],
      init_config: { model_name: "fixture-small", prompt: INIT_PROMPT, temperature: 0.2 },
      opti_config: { model_name: "fixture-large", prompt: opti, temperature: 0.9 },
    });

  beforeAll(async () => {
    bots = await startBotsApp(
      dialect,
      { before: BEFORE, after: AFTER },
      { before: "split_before_bot", after: "split_after_bot" },
    );
    const { t } = bots;
    owner = await t.signIn("split-owner@example.com", "Fay");
    other = await t.signIn("split-other@example.com", "Gus");
    // Version 1 (old), then version 2 (new, active).
    expect((await saveIntegration(OLD_PROMPT)).statusCode).toBe(200);
    expect((await saveIntegration(NEW_PROMPT)).statusCode).toBe(200);
    await confirmOwnerFromTelegram(bots, owner, OWNER, "s***r@example.com");
    newSide = { ...newSide, id: senderWhere(owner.userId, 5000, (b) => b < 50) };
    oldSide = { ...oldSide, id: senderWhere(owner.userId, 6000, (b) => b >= 50) };
    [v2, v1] = (await versions()) as [DeployVersion, DeployVersion];
  }, 60_000);
  afterAll(async () => {
    await bots?.close();
  });

  it("assigns buckets 0–99 stably per owner and sender", () => {
    expect(splitBucket(owner.userId, newSide.id)).toBe(splitBucket(owner.userId, newSide.id));
    const buckets = Array.from({ length: 2000 }, (_, i) => splitBucket(owner.userId, i));
    expect(Math.min(...buckets)).toBe(0);
    expect(Math.max(...buckets)).toBe(99);
    const low = buckets.filter((b) => b < 50).length;
    expect(low).toBeGreaterThan(850);
    expect(low).toBeLessThan(1150);
  });

  it("refuses bad input with 400, others' or unknown versions with 404, and no session with 401", async () => {
    expect(v2).toMatchObject({ number: 2, active: true, prompt: NEW_PROMPT });
    expect(v1).toMatchObject({ number: 1, active: false, prompt: OLD_PROMPT });
    expect((await api("GET", "/api/integration/deploys/split", owner)).json().data).toBeNull();
    for (const share of [0, 100, 12.5, "50", -1]) {
      const res = await split({ baseline_version_id: v1.id, share_percent: share });
      expect(res.statusCode, `share ${share}`).toBe(400);
    }
    expect((await split({ baseline_version_id: v1.id })).statusCode).toBe(400);
    expect((await split({ baseline_version_id: v1.id, share_percent: 50, x: 1 })).statusCode).toBe(
      400,
    );
    const itself = await split({ baseline_version_id: v2.id, share_percent: 50 });
    expect(itself.statusCode).toBe(400);
    expect(itself.json().error.message).toContain("another version");
    const theirs = await split({ baseline_version_id: v1.id, share_percent: 50 }, other);
    expect(theirs.statusCode).toBe(404);
    const unknown = await split({
      baseline_version_id: "00000000-0000-4000-8000-000000000000",
      share_percent: 50,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await split({ baseline_version_id: "not-a-uuid", share_percent: 50 })).statusCode).toBe(
      404,
    );
    const anon = await api("PUT", "/api/integration/deploys/split", undefined, {
      baseline_version_id: v1.id,
      share_percent: 50,
    });
    expect(anon.statusCode).toBe(401);
    expect((await api("DELETE", "/api/integration/deploys/split", owner)).statusCode).toBe(404);
  });

  it("serves each friend one side of a 50 % split, stably, and rates the serving version", async () => {
    const started = await split({ baseline_version_id: v1.id, share_percent: 50 });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data).toMatchObject({
      active_version_id: v2.id,
      share_percent: 50,
      baseline_version_id: v1.id,
      baseline_share_percent: 50,
      created_by: "split-owner@example.com",
    });
    // Before any reply, the evidence already lists both sides of the split.
    const early = (await api("GET", "/api/integration/deploys/evidence", owner)).json().data;
    expect(early.split).toMatchObject({ active_version_id: v2.id, baseline_version_id: v1.id });
    expect(early.versions[v1.id]).toMatchObject({ replies: 0 });
    expect(early.versions[v2.id]).toMatchObject({ replies: 0 });

    for (const question of ["Roses for Friday?", "Do you deliver today?"]) {
      const fresh = await afterBotSays(newSide, question);
      expect(fresh.text).toBe(expected(NEW_PROMPT, question));
      expect(await versionOfReply(fresh.buttons[0]?.callback_data)).toEqual({
        version_id: v2.id,
        prompt: NEW_PROMPT,
      });
    }
    const old = await afterBotSays(oldSide, "Roses for Friday?");
    expect(old.text).toBe(expected(OLD_PROMPT, "Roses for Friday?"));
    expect(await versionOfReply(old.buttons[0]?.callback_data)).toEqual({
      version_id: v1.id,
      prompt: OLD_PROMPT,
    });

    const evidence = (await api("GET", "/api/integration/deploys/evidence", owner)).json().data;
    expect(evidence.versions[v2.id]).toMatchObject({ conversations: 1, replies: 2 });
    expect(evidence.versions[v1.id]).toMatchObject({ conversations: 1, replies: 1 });
    expect(evidence.split).toMatchObject({ share_percent: 50, baseline_share_percent: 50 });
    const got = (await api("GET", "/api/integration/deploys/split", owner)).json().data;
    expect(got).toEqual(started.json().data);
    // Nothing of the split shows to another user.
    expect((await api("GET", "/api/integration/deploys/split", other)).json().data).toBeNull();
    const theirEvidence = (await api("GET", "/api/integration/deploys/evidence", other)).json();
    expect(theirEvidence.data).toMatchObject({ versions: {}, split: null });
    expect((await api("DELETE", "/api/integration/deploys/split", other)).statusCode).toBe(404);
  });

  it("ends the split on DELETE, then the active version serves everyone", async () => {
    const ended = await api("DELETE", "/api/integration/deploys/split", owner);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data).toMatchObject({ baseline_version_id: v1.id });
    expect((await api("GET", "/api/integration/deploys/split", owner)).json().data).toBeNull();
    const reply = await afterBotSays(oldSide, "Any lilies?");
    expect(reply.text).toBe(expected(NEW_PROMPT, "Any lilies?"));
    expect((await versionOfReply(reply.buttons[0]?.callback_data)).version_id).toBe(v2.id);
  });

  it("ends the split on a deploy and on a rollback", async () => {
    expect((await split({ baseline_version_id: v1.id, share_percent: 30 })).statusCode).toBe(200);
    expect((await saveIntegration(THIRD_PROMPT)).statusCode).toBe(200);
    expect((await api("GET", "/api/integration/deploys/split", owner)).json().data).toBeNull();
    const third = await afterBotSays(oldSide, "Sunflowers?");
    expect(third.text).toBe(expected(THIRD_PROMPT, "Sunflowers?"));

    expect((await split({ baseline_version_id: v2.id, share_percent: 99 })).statusCode).toBe(200);
    const rolled = await api("POST", `/api/integration/deploys/${v1.id}/rollback`, owner);
    expect(rolled.statusCode).toBe(200);
    expect((await api("GET", "/api/integration/deploys/split", owner)).json().data).toBeNull();
    const reply = await afterBotSays(newSide, "Peonies?");
    expect(reply.text).toBe(expected(OLD_PROMPT, "Peonies?"));
  });

  it("lets only a deploy-scoped API token start or end a split; a read token reads it", async () => {
    const token = async (scopes: string[]) => {
      const res = await api("POST", "/api/profile/tokens", owner, {
        name: scopes.join("+"),
        scopes,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.token as string;
    };
    const as = (bearer: string, method: "GET" | "PUT" | "DELETE", body?: unknown) =>
      bots.t.app.inject({
        method,
        url: "/api/integration/deploys/split",
        headers: {
          authorization: `Bearer ${bearer}`,
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
        },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
    const reader = await token(["read"]);
    const deployer = await token(["deploy"]);
    const body = { baseline_version_id: v2.id, share_percent: 25 };
    expect((await as(reader, "PUT", body)).statusCode).toBe(403);
    const put = await as(deployer, "PUT", body);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ share_percent: 25, baseline_share_percent: 75 });
    expect((await as(reader, "GET")).json().data).toMatchObject({ share_percent: 25 });
    expect((await as(reader, "DELETE")).statusCode).toBe(403);
    expect((await as(deployer, "DELETE")).statusCode).toBe(200);
  });
});
