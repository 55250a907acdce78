import { MAX_FRIENDS } from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app";
import { DIALECTS } from "../testing/db";
import { type FixtureLlm, startFixtureLlm } from "../testing/fixture-llm";
import { callApi } from "../testing/http";
import { fixtureLlmEnv } from "../testing/llm-env";
import { IntegrationRepository } from "./repository";
import { VerificationRepository } from "./verification";

const PATH = "/api/telegram/integration";

const config = (prompt: string, model = "fixture-small", temperature = 0.4) => ({
  model_name: model,
  prompt,
  temperature,
});

const body = (over: Record<string, unknown> = {}) => ({
  username: "@alice",
  friends_usernames: [],
  init_config: config("You are a concise helper."),
  opti_config: config("You are a concise helper. Always greet."),
  ...over,
});

describe.each(DIALECTS)("telegram integration API on %s", (dialect) => {
  let fixture: FixtureLlm;
  let t: TestApp;
  beforeAll(async () => {
    fixture = await startFixtureLlm();
    t = await createTestApp(dialect, {
      ...fixtureLlmEnv(fixture.url),
      TELEGRAM_BEFORE_BOT_USERNAME: "@promptune_before_bot",
      TELEGRAM_AFTER_BOT_USERNAME: "promptune_after_bot",
    });
  });
  afterAll(async () => {
    await t?.close();
    await fixture?.close();
  });

  it("answers 401 without a session", async () => {
    expect((await callApi(t.app, "GET", PATH)).statusCode).toBe(401);
    expect((await callApi(t.app, "POST", PATH, body())).statusCode).toBe(401);
  });

  it("returns defaults before anything is saved, with the configured bot links", async () => {
    const { cookie } = await t.signIn("fresh@example.com");
    const res = await callApi(t.app, "GET", PATH, undefined, { cookie });
    expect(res.statusCode).toBe(200);
    // gpt-4o is not offered by this gateway, so its default model stands in.
    const defaults = { model_name: "fixture-small", prompt: "", temperature: 0.7 };
    expect(res.json()).toEqual({
      success: true,
      data: {
        username: "",
        friends_usernames: [],
        init_config: defaults,
        opti_config: defaults,
        bots: {
          before: "https://t.me/promptune_before_bot",
          after: "https://t.me/promptune_after_bot",
        },
        verification: { verified: false, link: "" },
      },
    });
  });

  it("serves the bot links to everyone", async () => {
    const res = await callApi(t.app, "GET", "/api/telegram/bots");
    expect(res.json()).toEqual({
      success: true,
      data: {
        before: "https://t.me/promptune_before_bot",
        after: "https://t.me/promptune_after_bot",
      },
    });
  });

  it("normalises usernames and friends, and reads the integration back", async () => {
    const { cookie } = await t.signIn("norm@example.com");
    const res = await callApi(
      t.app,
      "POST",
      PATH,
      body({
        username: "  Alice_1 ",
        friends_usernames: ["bob, @Carol", " dave ", "BOB", "", " , ", "@alice_1", "@"],
      }),
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      username: "@Alice_1",
      friends_usernames: ["@bob", "@Carol", "@dave"],
    });
    const read = (await callApi(t.app, "GET", PATH, undefined, { cookie })).json().data;
    expect(read).toMatchObject({
      username: "@Alice_1",
      friends_usernames: ["@bob", "@Carol", "@dave"],
      init_config: config("You are a concise helper."),
      opti_config: config("You are a concise helper. Always greet."),
    });
    const asString = await callApi(
      t.app,
      "POST",
      PATH,
      body({ friends_usernames: "erin, @frank" }),
      { cookie },
    );
    expect(asString.json().data.friends_usernames).toEqual(["@erin", "@frank"]);
  });

  it("keeps one integration per user, private to its owner", async () => {
    const a = await t.signIn("one-a@example.com");
    const b = await t.signIn("one-b@example.com");
    await callApi(t.app, "POST", PATH, body({ username: "first" }), a);
    await callApi(
      t.app,
      "POST",
      PATH,
      body({ username: "second", opti_config: config("", "fixture-large", 1) }),
      a,
    );
    const read = (await callApi(t.app, "GET", PATH, undefined, a)).json().data;
    expect(read.username).toBe("@second");
    expect(read.opti_config).toEqual(config("", "fixture-large", 1));
    expect((await callApi(t.app, "GET", PATH, undefined, b)).json().data.username).toBe("");
    const rows = await t.database.db
      .selectFrom("integrations")
      .selectAll()
      .where("user_id", "=", a.userId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("refuses invalid integrations with the spec's messages and keeps the stored one", async () => {
    const { cookie } = await t.signIn("strict@example.com");
    await callApi(t.app, "POST", PATH, body({ username: "keeper" }), { cookie });
    const tooMany = Array.from({ length: MAX_FRIENDS + 1 }, (_, i) => `friend${i}`);
    const cases: Array<[unknown, string]> = [
      [body({ username: "" }), "Please enter a valid username"],
      [body({ username: "@" }), "Please enter a valid username"],
      [body({ username: "   " }), "Please enter a valid username"],
      [body({ username: "two words" }), "Please enter a valid username"],
      [body({ username: undefined }), "Please enter a valid username"],
      [body({ username: 42 }), "Please enter a valid username"],
      [body({ init_config: config("   ") }), "Please enter an initial prompt"],
      [body({ init_config: undefined }), "Please enter an initial prompt"],
      [body({ friends_usernames: ["ok", "not ok"] }), '"@not ok" is not a valid Telegram username'],
      [body({ friends_usernames: tooMany }), `At most ${MAX_FRIENDS} friends are allowed`],
      [body({ friends_usernames: [1, 2] }), "friends_usernames must be a list of usernames"],
      [body({ opti_config: undefined }), "Optimized configuration: is required"],
      [
        body({ init_config: config("Hi", "fixture-small", 2) }),
        "Initial configuration: temperature must be between 0 and 1",
      ],
      [
        body({ opti_config: { prompt: "x", temperature: 0.5 } }),
        "Optimized configuration: model_name must be text",
      ],
      [[1, 2], "Please send the integration as a JSON object."],
    ];
    for (const [payload, message] of cases) {
      const res = await callApi(t.app, "POST", PATH, payload, { cookie });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message, JSON.stringify(payload)).toBe(message);
    }
    const exact = Array.from({ length: MAX_FRIENDS }, (_, i) => `friend${i}`);
    const ok = await callApi(
      t.app,
      "POST",
      PATH,
      body({ username: "keeper", friends_usernames: exact }),
      { cookie },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.friends_usernames).toHaveLength(MAX_FRIENDS);
  });

  it("refuses a save from another origin", async () => {
    const { cookie } = await t.signIn("csrf-int@example.com");
    const res = await t.app.inject({
      method: "POST",
      url: PATH,
      headers: { cookie, origin: "https://evil.example", "content-type": "application/json" },
      payload: JSON.stringify(body()),
    });
    expect(res.statusCode).toBe(403);
  });

  it("matches senders case-insensitively: owner matches first, then the most recently updated friend list", async () => {
    const repo = new IntegrationRepository(t.database.db);
    const verifications = new VerificationRepository(t.database.db);
    /** The owner's Telegram account sends the integration's code (as the deep link would). */
    const verify = async (who: { userId: string }, id: number, username: string) => {
      const code = (await verifications.state(who.userId))?.code ?? "";
      expect(await verifications.verify(code, { id, username })).toHaveProperty("verified");
    };
    const owner = await t.signIn("match-owner@example.com");
    const older = await t.signIn("match-older@example.com");
    const newer = await t.signIn("match-newer@example.com");
    await callApi(
      t.app,
      "POST",
      PATH,
      body({ username: "Match_Owner", friends_usernames: ["pal"] }),
      owner,
    );
    await callApi(
      t.app,
      "POST",
      PATH,
      body({ username: "older", friends_usernames: ["PAL", "match_owner"] }),
      older,
    );
    await new Promise((r) => setTimeout(r, 5));
    await callApi(
      t.app,
      "POST",
      PATH,
      body({ username: "newer", friends_usernames: ["Pal"] }),
      newer,
    );
    await verify(owner, 9001, "match_owner");
    await verify(older, 9002, "Older");
    await verify(newer, 9003, "newer");

    const asOwner = await repo.findForSender("MATCH_OWNER", 9001);
    expect(asOwner?.role).toBe("owner");
    expect(asOwner?.integration.userId).toBe(owner.userId);
    const asFriend = await repo.findForSender("pal", 9100);
    expect(asFriend?.role).toBe("friend");
    expect(asFriend?.integration.userId).toBe(newer.userId);
    // The older integration becomes the most recent once saved again.
    await new Promise((r) => setTimeout(r, 5));
    await callApi(
      t.app,
      "POST",
      PATH,
      body({ username: "older", friends_usernames: ["pal"] }),
      older,
    );
    expect((await repo.findForSender("@Pal", 9100))?.integration.userId).toBe(older.userId);
    expect(await repo.findForSender("nobody_here", 9100)).toBeUndefined();
  });
});

describe("integration defaults when the gateway offers gpt-4o", () => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it("defaults both configurations to gpt-4o and shows no links when none are known", async () => {
    t = await createTestApp("sqlite", {
      OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
      OPENAI_API_KEY: "unused",
      LLM_MODELS: "gpt-4.1-mini,gpt-4o",
    });
    const { cookie } = await t.signIn("gpt4o@example.com");
    const data = (await callApi(t.app, "GET", PATH, undefined, { cookie })).json().data;
    expect(data.init_config).toEqual({ model_name: "gpt-4o", prompt: "", temperature: 0.7 });
    expect(data.bots).toEqual({ before: "", after: "" });
    expect(t.app.deps.telegram).toBeUndefined();
    const hook = await callApi(t.app, "POST", "/api/telegram/webhook/before", { update_id: 1 });
    expect(hook.statusCode).toBe(404);
  });
});
