/**
 * Attack regression (issue 21, item 3): the chat rate limit counted per
 * session and per process, so three sessions of one account sent 90 of 105
 * chats past a 30/minute limit, and one session across two web processes
 * 60 of 70; and a single chat carried 140,000 characters (multi-agent
 * 441,000 in 3 calls). Chats now count per user in the shared counter table
 * (every session, every process), and one chat call's input is capped.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs } from "../testing/app";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../testing/db";
import { type FixtureLlm, startFixtureLlm } from "../testing/fixture-llm";
import { fixtureRunEnv } from "../testing/llm-env";
import {
  freePort,
  type ServerProcess,
  startServerProcess,
  waitForHttp,
} from "../testing/processes";
import { agent } from "../testing/requests";
import { call, type HardeningApp, startHardeningApp } from "./harness";

/** Chats per minute per user in these tests. */
const LIMIT = 10;

const CHAT = "/api/auto-tune/chat";
const MULTI_CHAT = "/api/auto-tune/multiagent/chat";

/** A small valid single-agent chat body. */
const chat = (text = "Where is my parcel?") => ({
  prompt: "You are a support assistant.",
  temperature: 0.5,
  model_name: "fixture-small",
  dialog: [{ type: "human", content: text }],
});

/**
 * The limit counts fixed one-minute windows: wait while the current window
 * ends within `marginMs`, so one burst never straddles two windows.
 */
async function awayFromWindowEnd(marginMs = 8_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 50));
}

describe.each(DIALECTS)("chat limits per user on %s", (dialect) => {
  let h: HardeningApp;
  beforeAll(async () => {
    h = await startHardeningApp(dialect, { LLM_CHAT_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  afterAll(async () => {
    await h?.close();
  });

  it(`accepts ${LIMIT} chats a minute from three sessions of one account together`, async () => {
    const email = `three-sessions-${dialect}@example.com`;
    const sessions = [await h.t.signIn(email), await h.t.signIn(email), await h.t.signIn(email)];
    await awayFromWindowEnd();
    const attempts = 35;
    const codes = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        call(
          h.app,
          { cookie: sessions[i % 3]?.cookie },
          "POST",
          i % 2 ? CHAT : MULTI_CHAT,
          i % 2
            ? chat()
            : {
                model: {
                  "master-agent": agent("master", "You coordinate."),
                  "worker-agents": [agent("Expert", "You know the policies.")],
                },
                dialog: chat().dialog,
              },
        ).then((r) => r.statusCode),
      ),
    );
    const accepted = codes.filter((c) => c === 200).length;
    console.info(
      `[attack-regression] ${dialect}: 3 sessions of one account, ${attempts} chats, limit ${LIMIT}/min → ${accepted} accepted (${Math.max(0, accepted - LIMIT)} past the limit)`,
    );
    expect(accepted).toBe(LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength(attempts - LIMIT);
    // Another account has its own allowance.
    const other = await h.t.signIn(`bystander-${dialect}@example.com`);
    expect((await call(h.app, { cookie: other.cookie }, "POST", CHAT, chat())).statusCode).toBe(
      200,
    );
  });

  it("refuses a chat call whose input passes the cap, naming both numbers", async () => {
    const { cookie } = await h.t.signIn(`long-${dialect}@example.com`);
    // The audit's single chat: a 20,000-character prompt and 120,000 characters of dialog.
    const big = {
      ...chat(),
      prompt: "Be brief. ".padEnd(20_000, "x"),
      dialog: Array.from({ length: 15 }, (_, i) => ({
        type: i % 2 ? "ai" : "human",
        content: "y".repeat(8_000),
      })),
    };
    const single = await call(h.app, { cookie }, "POST", CHAT, big);
    expect(single.statusCode).toBe(413);
    expect(single.json().error.message).toBe(
      "This chat message carries 140,000 characters (prompts and conversation); one chat call may carry at most 40,000. Clear the chat or shorten the prompts.",
    );
    // Multi-agent: ten workers with 20,000-character prompts.
    const prompt = "Answer. ".padEnd(20_000, "z");
    const multi = await call(h.app, { cookie }, "POST", MULTI_CHAT, {
      model: {
        "master-agent": agent("master", prompt),
        "worker-agents": Array.from({ length: 10 }, (_, w) => agent(`Worker${w + 1}`, prompt)),
      },
      dialog: chat().dialog,
    });
    expect(multi.statusCode).toBe(413);
    expect(multi.json().error.message).toMatch(
      /^This chat message carries 220,[\d,]+ characters .* at most 40,000\./,
    );
    // Just under the cap is answered.
    const fits = {
      ...chat(),
      prompt: "Be brief. ".padEnd(20_000, "x"),
      dialog: [
        { type: "human", content: "a".repeat(8_000) },
        { type: "ai", content: "b".repeat(8_000) },
        { type: "human", content: "c".repeat(3_000) },
      ],
    };
    expect((await call(h.app, { cookie }, "POST", CHAT, fits)).statusCode).toBe(200);
  });
});

describe.each(DIALECTS)("chat limit across two web processes on %s", (dialect) => {
  let database: TestDatabase;
  let fixture: FixtureLlm;
  const procs: ServerProcess[] = [];
  const bases: string[] = [];
  let cookie: string;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    fixture = await startFixtureLlm();
    cookie = (await signInAs(database.db, `two-processes-${dialect}@example.com`)).cookie;
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const proc = startServerProcess("main.ts", {
        ...database.env,
        ...fixtureRunEnv(fixture.url),
        PORT: String(port),
        PUBLIC_URL: "http://localhost:3000",
        LLM_CHAT_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      });
      procs.push(proc);
      bases.push(base);
      await waitForHttp(`${base}/healthz`, proc);
    }
  }, 120_000);
  afterAll(async () => {
    await Promise.all(procs.map((p) => p.kill("SIGKILL")));
    await fixture?.close();
    await database?.destroy();
  });

  it(`accepts ${LIMIT} chats a minute from one session spread over both processes`, async () => {
    await awayFromWindowEnd();
    const attempts = 30;
    const codes = await Promise.all(
      Array.from({ length: attempts }, async (_, i) => {
        const res = await fetch(`${bases[i % 2]}${CHAT}`, {
          method: "POST",
          headers: { cookie, "content-type": "application/json", origin: "http://localhost:3000" },
          body: JSON.stringify(chat(`Question ${i}`)),
        });
        return res.status;
      }),
    );
    const accepted = codes.filter((c) => c === 200).length;
    console.info(
      `[attack-regression] ${dialect}: one session over 2 web processes, ${attempts} chats, limit ${LIMIT}/min → ${accepted} accepted (${Math.max(0, accepted - LIMIT)} past the limit)`,
    );
    expect(accepted).toBe(LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength(attempts - LIMIT);
  });
});
