/**
 * Authorisation matrix (issue 10, item 1): every registered route and both
 * sockets, called as anonymous, as a signed-in user ("other", Bob) aimed at
 * another user's records, and as the records' owner (Alice). Each denial has
 * the right status, no answer to Anonymous or Bob carries any of Alice's data,
 * and a route registered anywhere without a row here fails the test.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../testing/db";
import { agent, multiRequest, singleRequest } from "../testing/requests";
import { runSocket } from "../testing/ws-client";
import { type Caller, call, datasetJsonl, type HardeningApp, startHardeningApp } from "./harness";
import { registeredRoutes } from "./registered-routes";

/** Text planted in every record of Alice's; it must never reach anyone else. */
const MARK = "Zq7AliceSecretMark";
const ALICE_EMAIL = "alice.owner@example.com";

type Role = "anonymous" | "other" | "owner";
const ROLES: Role[] = ["anonymous", "other", "owner"];

/** What one call returned: HTTP status (or socket close code) and the raw body (or messages). */
interface Outcome {
  status: number;
  body: string;
  /** Set for an opened socket: `body` is the JSON list of its messages. */
  socket?: boolean;
}

/** One row of the matrix. */
interface RouteCase {
  route: string;
  /** Expected status per caller (a socket's close code once opened, else the upgrade's HTTP status). */
  expect: Record<Role, number>;
  /** Makes the call(s) for one caller against Alice's records; every variant must match `expect`. */
  call(role: Role): Promise<Outcome[]>;
  /** The owner's answer carries the owner's data, so the leak check is not vacuous. */
  ownerSees?: boolean;
}

const config = (prompt: string) => ({ model_name: "fixture-small", prompt, temperature: 0.5 });

describe.each(DIALECTS)("authorisation matrix on %s", (dialect) => {
  let h: HardeningApp;
  const callers = {} as Record<Role, Caller>;
  const records = {
    runId: "",
    queuedRunId: "",
    aliceId: "",
    aliceTokenId: "",
    aliceToken: "",
    bobRunToken: "",
    bobReadToken: "",
    ratingId: "",
    versionId: "",
  };
  const secrets: string[] = [MARK, ALICE_EMAIL];

  const http = async (
    role: Role,
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    body?: unknown,
    who: Caller = callers[role],
  ): Promise<Outcome> => {
    const res = await call(h.app, who, method, url, body);
    return { status: res.statusCode, body: res.body };
  };
  const socket = async (path: string, request: unknown, role: Role): Promise<Outcome> => {
    const cookie = callers[role].cookie;
    const result = await runSocket(`${h.wsBase}${path}`, request, cookie ? { cookie } : {});
    if ("refused" in result) return { status: result.status, body: "" };
    return { status: result.code, body: JSON.stringify(result.messages), socket: true };
  };
  /** Rates a web chat reply as `role` (Alice's carry the mark); returns the row id. */
  const rateChatReply = async (role: Role): Promise<string> => {
    const tag = role === "owner" ? MARK : "Bob";
    const res = await http(role, "POST", "/api/ratings/chat", {
      mode: "single",
      config: config(`${tag} rated prompt`),
      side: "before",
      dialog: [{ type: "human", content: `${tag} question` }],
      reply: `${tag} reply`,
      rating: "down",
      correction: `${tag} correction`,
      note: `${tag} note`,
    });
    return res.status === 201 ? (JSON.parse(res.body).data.id as string) : "";
  };
  /** A fresh session of the role's user (sign-out must not end the sessions the matrix uses). */
  const throwaway = async (role: Role): Promise<Caller> =>
    role === "anonymous"
      ? {}
      : { cookie: (await h.t.signIn(role === "owner" ? ALICE_EMAIL : "bob@example.com")).cookie };

  beforeAll(async () => {
    h = await startHardeningApp(dialect);
    const alice = await h.t.signIn(ALICE_EMAIL, `${MARK} Alice`);
    const bob = await h.t.signIn("bob@example.com", "Bob");
    records.aliceId = alice.userId;
    callers.anonymous = {};
    callers.other = { cookie: bob.cookie };
    callers.owner = { cookie: alice.cookie };

    for (const name of ["alice-private", "alice-spare"]) {
      const up = await http("owner", "POST", "/api/datasets", {
        name,
        title: `${MARK} dataset`,
        description: `${MARK} description`,
        format: "jsonl",
        content: datasetJsonl(9, MARK),
      });
      expect(up.status, up.body).toBe(201);
    }
    const saved = await http("owner", "POST", "/api/telegram/integration", {
      username: "@alice_owner_x",
      friends_usernames: ["@alice_friend_x"],
      init_config: config(`${MARK} initial`),
      opti_config: config(`${MARK} optimised`),
    });
    expect(saved.status, saved.body).toBe(200);

    records.ratingId = await rateChatReply("owner");
    // Saving the integration deployed Alice's first after-bot version.
    const versions = await http("owner", "GET", "/api/integration/deploys");
    records.versionId = JSON.parse(versions.body).data[0]?.id ?? "";
    expect(records.versionId).not.toBe("");

    const run = await runSocket(
      `${h.wsBase}/ws`,
      {
        ...singleRequest(1, `${MARK} You are a support assistant.`),
        dataset_name: "alice-private",
      },
      { cookie: alice.cookie },
    );
    if ("refused" in run) throw new Error(`upgrade refused: ${run.status}`);
    const complete = run.messages.at(-1) as { type: string; result?: { run_id: string } };
    expect(complete.type).toBe("complete");
    records.runId = complete.result?.run_id ?? "";
    const queued = await h.app.deps.runs.create({
      userId: alice.userId,
      mode: "single",
      request: singleRequest(1, `${MARK} queued`),
      datasetName: "tiny-help",
      iterations: 1,
      seed: 1,
    });
    records.queuedRunId = queued.id;
    const token = async (role: Role, name: string, scopes: string[]) => {
      const res = await http(role, "POST", "/api/profile/tokens", { name, scopes });
      expect(res.status, res.body).toBe(201);
      return JSON.parse(res.body).data as { id: string; token: string };
    };
    const aliceToken = await token("owner", `${MARK} token`, ["read"]);
    records.aliceTokenId = aliceToken.id;
    records.aliceToken = aliceToken.token;
    records.bobRunToken = (await token("other", "bob run", ["run"])).token;
    records.bobReadToken = (await token("other", "bob read", ["read"])).token;
    secrets.push(
      records.runId,
      records.queuedRunId,
      records.aliceId,
      records.aliceTokenId,
      records.aliceToken,
      records.versionId,
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  const chatBody = {
    prompt: "Be kind.",
    temperature: 0.5,
    dialog: [{ type: "human", content: "Hello there" }],
  };
  const team = {
    "master-agent": agent("master", "You coordinate."),
    "worker-agents": [agent("Expert", "You know things.")],
  };

  const cases: RouteCase[] = [
    {
      route: "GET /healthz",
      expect: { anonymous: 200, other: 200, owner: 200 },
      call: async (r) => [await http(r, "GET", "/healthz")],
    },
    {
      route: "GET /api",
      expect: { anonymous: 200, other: 200, owner: 200 },
      call: async (r) => [await http(r, "GET", "/api"), await http(r, "GET", "/api/")],
    },
    {
      route: "GET /api/openapi.json",
      expect: { anonymous: 200, other: 200, owner: 200 },
      call: async (r) => [await http(r, "GET", "/api/openapi.json")],
    },
    {
      route: "GET /api/docs",
      expect: { anonymous: 200, other: 200, owner: 200 },
      call: async (r) => [await http(r, "GET", "/api/docs")],
    },
    {
      route: "GET /api/auth/status",
      expect: { anonymous: 200, other: 200, owner: 200 },
      call: async (r) => [await http(r, "GET", "/api/auth/status")],
      ownerSees: true,
    },
    {
      route: "POST /api/auth/signout",
      expect: { anonymous: 200, other: 200, owner: 200 },
      call: async (r) => {
        const who = await throwaway(r);
        const out = await http(r, "POST", "/api/auth/signout", undefined, who);
        if (who.cookie) {
          const after = await http(r, "GET", "/api/profile", undefined, who);
          expect(after.status, "a signed-out session still works").toBe(401);
        }
        return [out];
      },
    },
    ...(["signup", "signin", "auth-link/request"] as const).map<RouteCase>((path) => ({
      route: `POST /api/auth/${path}`,
      expect: { anonymous: 200, other: 200, owner: 200 },
      call: async (r) => [
        await http(r, "POST", `/api/auth/${path}`, { email: `${r}-${path.length}@example.com` }),
      ],
    })),
    {
      route: "GET /api/auth/auth-link/callback",
      expect: { anonymous: 400, other: 400, owner: 400 },
      call: async (r) => [
        await http(r, "GET", "/api/auth/auth-link/callback?token=not-a-real-link-token-0000"),
      ],
    },
    {
      route: "POST /api/auth/switch-account",
      expect: { anonymous: 400, other: 400, owner: 400 },
      call: async (r) => [
        await http(r, "POST", "/api/auth/switch-account", { switch_token: "not-a-pending-switch" }),
      ],
    },
    {
      route: "POST /api/auth/switch-account/cancel",
      expect: { anonymous: 401, other: 400, owner: 400 },
      call: async (r) => [
        await http(r, "POST", "/api/auth/switch-account/cancel", {
          switch_token: "not-a-pending-switch",
        }),
      ],
    },
    {
      route: "POST /api/auth/verify",
      expect: { anonymous: 400, other: 400, owner: 400 },
      call: async (r) => [
        await http(r, "POST", "/api/auth/verify?code=000000", { email: ALICE_EMAIL }),
      ],
    },
    {
      route: "GET /api/auth/google/url",
      expect: { anonymous: 503, other: 503, owner: 503 },
      call: async (r) => [await http(r, "GET", "/api/auth/google/url")],
    },
    {
      route: "POST /api/auth/google/callback",
      expect: { anonymous: 503, other: 503, owner: 503 },
      call: async (r) => [
        await http(r, "POST", "/api/auth/google/callback", { code: "c", code_verifier: "v" }),
      ],
    },
    {
      route: "GET /api/auth/providers",
      expect: { anonymous: 200, other: 200, owner: 200 },
      call: async (r) => [await http(r, "GET", "/api/auth/providers")],
    },
    {
      route: "GET /api/profile",
      expect: { anonymous: 401, other: 200, owner: 200 },
      call: async (r) => [await http(r, "GET", "/api/profile")],
      ownerSees: true,
    },
    {
      // Each caller's own usage: nothing of another user's is reachable.
      route: "GET /api/profile/usage",
      expect: { anonymous: 401, other: 200, owner: 200 },
      call: async (r) => [await http(r, "GET", "/api/profile/usage")],
    },
    {
      route: "PUT /api/profile",
      expect: { anonymous: 401, other: 200, owner: 200 },
      call: async (r) => [
        await http(r, "PUT", "/api/profile", {
          name: r === "owner" ? `${MARK} Alice` : "Bob B.",
          company_name: "",
          ready_to_contact: false,
        }),
      ],
      ownerSees: true,
    },
    {
      route: "GET /api/profile/tokens",
      expect: { anonymous: 401, other: 200, owner: 200 },
      call: async (r) => [await http(r, "GET", "/api/profile/tokens")],
      ownerSees: true,
    },
    {
      route: "POST /api/profile/tokens",
      expect: { anonymous: 401, other: 201, owner: 201 },
      call: async (r) => [
        await http(r, "POST", "/api/profile/tokens", { name: `${r} ci`, scopes: ["read"] }),
      ],
    },
    {
      // Bob aims at Alice's token (404, like an unknown id); Alice revokes a spare one of hers.
      route: "DELETE /api/profile/tokens/:id",
      expect: { anonymous: 401, other: 404, owner: 200 },
      call: async (r) => {
        if (r !== "owner")
          return [await http(r, "DELETE", `/api/profile/tokens/${records.aliceTokenId}`)];
        const spare = await http(r, "POST", "/api/profile/tokens", {
          name: "spare",
          scopes: ["read"],
        });
        const id = JSON.parse(spare.body).data.id as string;
        return [await http(r, "DELETE", `/api/profile/tokens/${id}`)];
      },
    },
    {
      route: "GET /api/datasets",
      expect: { anonymous: 200, other: 200, owner: 200 },
      call: async (r) => [await http(r, "GET", "/api/datasets")],
      ownerSees: true,
    },
    {
      route: "POST /api/datasets",
      expect: { anonymous: 401, other: 201, owner: 201 },
      call: async (r) => [
        await http(r, "POST", "/api/datasets", {
          name: `own-${r}`,
          format: "jsonl",
          content: datasetJsonl(3, r),
        }),
      ],
    },
    {
      route: "GET /api/datasets/:name",
      expect: { anonymous: 404, other: 404, owner: 200 },
      call: async (r) => [await http(r, "GET", "/api/datasets/alice-private")],
      ownerSees: true,
    },
    {
      route: "PUT /api/datasets/:name",
      expect: { anonymous: 401, other: 404, owner: 200 },
      call: async (r) => [
        await http(r, "PUT", "/api/datasets/alice-private", {
          title: r === "owner" ? `${MARK} dataset` : "Taken over",
        }),
      ],
      ownerSees: true,
    },
    {
      route: "DELETE /api/datasets/:name",
      expect: { anonymous: 401, other: 404, owner: 200 },
      call: async (r) => [await http(r, "DELETE", "/api/datasets/alice-spare")],
    },
    {
      route: "GET /api/auto-tune/defaults",
      expect: { anonymous: 200, other: 200, owner: 200 },
      call: async (r) => [await http(r, "GET", "/api/auto-tune/defaults")],
    },
    {
      route: "GET /api/llm/status",
      expect: { anonymous: 200, other: 200, owner: 200 },
      call: async (r) => [await http(r, "GET", "/api/llm/status")],
    },
    {
      route: "POST /api/auto-tune/chat",
      expect: { anonymous: 401, other: 200, owner: 200 },
      call: async (r) => [await http(r, "POST", "/api/auto-tune/chat", chatBody)],
    },
    {
      route: "POST /api/auto-tune/multiagent/chat",
      expect: { anonymous: 401, other: 200, owner: 200 },
      call: async (r) => [
        await http(r, "POST", "/api/auto-tune/multiagent/chat", {
          model: team,
          dialog: chatBody.dialog,
        }),
      ],
    },
    {
      route: "GET /api/auto-tune/optimize/history",
      expect: { anonymous: 401, other: 200, owner: 200 },
      call: async (r) => [
        await http(r, "GET", "/api/auto-tune/optimize/history"),
        await http(r, "GET", "/api/auto-tune/optimize/history?mode=single"),
        await http(r, "GET", "/api/auto-tune/optimize/history?mode=single&limit=1"),
      ],
      ownerSees: true,
    },
    {
      route: "GET /api/auto-tune/optimize/history/:id",
      expect: { anonymous: 401, other: 404, owner: 200 },
      call: async (r) => [
        await http(r, "GET", `/api/auto-tune/optimize/history/${records.runId}`),
        await http(r, "GET", `/api/auto-tune/optimize/history/${records.queuedRunId}`),
      ],
      ownerSees: true,
    },
    {
      route: "GET /api/auto-tune/optimize/runs/:id/evidence",
      expect: { anonymous: 401, other: 404, owner: 200 },
      call: async (r) => [
        await http(r, "GET", `/api/auto-tune/optimize/runs/${records.runId}/evidence`),
        await http(r, "GET", `/api/auto-tune/optimize/runs/${records.runId}/evidence?a=0&b=1`),
      ],
      ownerSees: true,
    },
    {
      route: "GET /api/auto-tune/optimize/runs/:id/evidence/export",
      expect: { anonymous: 401, other: 404, owner: 200 },
      call: async (r) => [
        await http(
          r,
          "GET",
          `/api/auto-tune/optimize/runs/${records.runId}/evidence/export?format=csv`,
        ),
        await http(
          r,
          "GET",
          `/api/auto-tune/optimize/runs/${records.runId}/evidence/export?format=jsonl`,
        ),
      ],
      ownerSees: true,
    },
    {
      route: "GET /api/auto-tune/optimize/runs/:id/reasoning",
      expect: { anonymous: 401, other: 404, owner: 200 },
      call: async (r) => [
        await http(r, "GET", `/api/auto-tune/optimize/runs/${records.runId}/reasoning`),
        await http(r, "GET", `/api/auto-tune/optimize/runs/${records.queuedRunId}/reasoning`),
      ],
    },
    {
      route: "POST /api/auto-tune/optimize/history",
      expect: { anonymous: 401, other: 404, owner: 200 },
      call: async (r) => [
        await http(r, "POST", "/api/auto-tune/optimize/history", { run_id: records.runId }),
      ],
      ownerSees: true,
    },
    {
      route: "PUT /api/auto-tune/optimize/selected-prompt",
      expect: { anonymous: 401, other: 404, owner: 200 },
      call: async (r) => [
        await http(r, "PUT", "/api/auto-tune/optimize/selected-prompt", {
          run_id: records.runId,
          step_number: 1,
        }),
        await http(r, "PUT", "/api/auto-tune/optimize/selected-prompt", {
          selected_step_id: `${records.runId}:1`,
        }),
      ],
      ownerSees: true,
    },
    {
      // Alice's runs here name no candidate models: she gets past the ownership check to the
      // 400 "no frontier"; Bob is told the run does not exist (the choice itself: frontier.int).
      route: "PUT /api/auto-tune/optimize/runs/:id/frontier-choice",
      expect: { anonymous: 401, other: 404, owner: 400 },
      call: async (r) => [
        await http(r, "PUT", `/api/auto-tune/optimize/runs/${records.runId}/frontier-choice`, {
          point: 0,
        }),
        await http(
          r,
          "PUT",
          `/api/auto-tune/optimize/runs/${records.queuedRunId}/frontier-choice`,
          {
            point: null,
          },
        ),
      ],
    },
    {
      route: "POST /api/evals",
      // Bob names Alice's private dataset: refused as unknown; Alice scores her own.
      expect: { anonymous: 401, other: 400, owner: 200 },
      call: async (r) => [
        await http(r, "POST", "/api/evals", {
          dataset_name: "alice-private",
          prompt: `${MARK} eval prompt`,
          model_name: "fixture-small",
        }),
      ],
      ownerSees: true,
    },
    {
      route: "POST /api/auto-tune/optimize/runs",
      // Bob names Alice's private dataset: refused as unknown before any run starts.
      expect: { anonymous: 401, other: 400, owner: 202 },
      call: async (r) => {
        const started = await http(r, "POST", "/api/auto-tune/optimize/runs", {
          mode: "single",
          ...singleRequest(1, `${MARK} ${r} rest prompt`),
          dataset_name: "alice-private",
        });
        // the owner's run is cancelled and waited for, so the rows after it see the records they expect
        if (started.status === 202) {
          const id = JSON.parse(started.body).data.run_id as string;
          const cancelled = await http(r, "POST", `/api/auto-tune/optimize/runs/${id}/cancel`);
          expect(cancelled.status).toBe(200);
          for (let i = 0; i < 200; i++) {
            const run = await h.app.deps.runs.get(id);
            if (run && run.status !== "queued" && run.status !== "running") break;
            await new Promise((done) => setTimeout(done, 25));
          }
        }
        return [started];
      },
    },
    {
      route: "POST /api/auto-tune/optimize/estimate",
      // Bob names Alice's private dataset: refused as unknown, like the sockets.
      expect: { anonymous: 401, other: 400, owner: 200 },
      call: async (r) => [
        await http(r, "POST", "/api/auto-tune/optimize/estimate", {
          mode: "single",
          ...singleRequest(3),
          dataset_name: "alice-private",
        }),
        await http(r, "POST", "/api/auto-tune/optimize/estimate", {
          mode: "multi",
          ...multiRequest(3, { datasetName: "alice-private" }),
        }),
      ],
    },
    {
      // Alice's queued run is her active single-agent run; Bob gets null, never hers.
      route: "GET /api/auto-tune/optimize/runs/active",
      expect: { anonymous: 401, other: 200, owner: 200 },
      call: async (r) => [await http(r, "GET", "/api/auto-tune/optimize/runs/active?mode=single")],
      ownerSees: true,
    },
    {
      route: "POST /api/auto-tune/optimize/runs/:id/cancel",
      expect: { anonymous: 401, other: 404, owner: 200 },
      call: async (r) => [
        await http(r, "POST", `/api/auto-tune/optimize/runs/${records.queuedRunId}/cancel`),
      ],
    },
    {
      route: "GET /api/auto-tune/optimize/ws",
      // Bob names Alice's private dataset: refused as unknown (close 1008) before any run starts.
      expect: { anonymous: 401, other: 1008, owner: 1000 },
      call: async (r) => [
        await socket(
          "/ws",
          { ...singleRequest(1, `${r} prompt`), dataset_name: "alice-private" },
          r,
        ),
      ],
    },
    {
      route: "GET /api/auto-tune/optimize/ws/multiagent",
      expect: { anonymous: 401, other: 1008, owner: 1000 },
      call: async (r) => [
        await socket("/ws/multiagent", multiRequest(1, { datasetName: "alice-private" }), r),
      ],
    },
    {
      route: "GET /api/telegram/integration",
      expect: { anonymous: 401, other: 200, owner: 200 },
      call: async (r) => [await http(r, "GET", "/api/telegram/integration")],
      ownerSees: true,
    },
    {
      route: "POST /api/telegram/integration",
      expect: { anonymous: 401, other: 200, owner: 200 },
      call: async (r) => [
        await http(r, "POST", "/api/telegram/integration", {
          username: r === "owner" ? "@alice_owner_x" : "@bob_owner_x",
          friends_usernames: [],
          init_config: config(r === "owner" ? `${MARK} initial` : "Bob's prompt"),
          opti_config: config(r === "owner" ? `${MARK} optimised` : "Bob's better prompt"),
        }),
      ],
      ownerSees: true,
    },
    {
      route: "GET /api/telegram/bots",
      expect: { anonymous: 200, other: 200, owner: 200 },
      call: async (r) => [await http(r, "GET", "/api/telegram/bots")],
    },
    {
      route: "POST /api/ratings/chat",
      expect: { anonymous: 401, other: 201, owner: 201 },
      call: async (r) => {
        const res = await http(r, "POST", "/api/ratings/chat", {
          mode: "single",
          config: config("rated prompt"),
          side: "after",
          dialog: [{ type: "human", content: "question" }],
          reply: "reply",
          rating: "up",
        });
        return [res];
      },
    },
    {
      route: "GET /api/feedback/:name/rows",
      expect: { anonymous: 401, other: 200, owner: 200 },
      call: async (r) => [await http(r, "GET", "/api/feedback/feedback-chat/rows")],
      ownerSees: true,
    },
    {
      route: "PUT /api/feedback/:name/rows/:id",
      expect: { anonymous: 401, other: 404, owner: 200 },
      call: async (r) => [
        await http(r, "PUT", `/api/feedback/feedback-chat/rows/${records.ratingId}`, {
          reference: r === "owner" ? `${MARK} edited reference` : "Bob's reference",
        }),
      ],
      ownerSees: true,
    },
    {
      route: "DELETE /api/feedback/:name/rows/:id",
      expect: { anonymous: 401, other: 404, owner: 200 },
      call: async (r) => {
        if (r !== "owner")
          return [await http(r, "DELETE", `/api/feedback/feedback-chat/rows/${records.ratingId}`)];
        const spare = await rateChatReply("owner");
        return [await http(r, "DELETE", `/api/feedback/feedback-chat/rows/${spare}`)];
      },
    },
    {
      route: "GET /api/feedback/:name/jsonl",
      expect: { anonymous: 401, other: 200, owner: 200 },
      call: async (r) => [await http(r, "GET", "/api/feedback/feedback-chat/jsonl")],
      ownerSees: true,
    },
    {
      route: "GET /api/integration/deploys",
      expect: { anonymous: 401, other: 200, owner: 200 },
      call: async (r) => [await http(r, "GET", "/api/integration/deploys")],
      ownerSees: true,
    },
    {
      route: "GET /api/integration/deploys/evidence",
      expect: { anonymous: 401, other: 200, owner: 200 },
      call: async (r) => [await http(r, "GET", "/api/integration/deploys/evidence")],
    },
    {
      route: "POST /api/integration/deploys",
      expect: { anonymous: 401, other: 404, owner: 201 },
      call: async (r) => [
        await http(r, "POST", "/api/integration/deploys", {
          run_id: records.runId,
          override: true,
        }),
      ],
    },
    {
      route: "POST /api/integration/deploys/:id/rollback",
      expect: { anonymous: 401, other: 404, owner: 200 },
      call: async (r) => [
        await http(r, "POST", `/api/integration/deploys/${records.versionId}/rollback`),
      ],
      ownerSees: true,
    },
    {
      // After the rollback above, the owner's run deployed version is not active: the baseline.
      route: "PUT /api/integration/deploys/split",
      expect: { anonymous: 401, other: 404, owner: 200 },
      call: async (r) => {
        let baseline = records.versionId;
        if (r === "owner") {
          const list = JSON.parse((await http("owner", "GET", "/api/integration/deploys")).body);
          baseline = list.data.find((v: { active: boolean }) => !v.active)?.id ?? "";
        }
        return [
          await http(r, "PUT", "/api/integration/deploys/split", {
            baseline_version_id: baseline,
            share_percent: 30,
          }),
        ];
      },
    },
    {
      route: "GET /api/integration/deploys/split",
      expect: { anonymous: 401, other: 200, owner: 200 },
      call: async (r) => [await http(r, "GET", "/api/integration/deploys/split")],
    },
    {
      route: "DELETE /api/integration/deploys/split",
      expect: { anonymous: 401, other: 404, owner: 200 },
      call: async (r) => [await http(r, "DELETE", "/api/integration/deploys/split")],
    },
    {
      // Only exists in webhook mode, where Telegram's secret header is the
      // credential (telegram/webhook.int.test.ts checks 401 without it).
      route: "POST /api/telegram/webhook/:bot",
      expect: { anonymous: 404, other: 404, owner: 404 },
      call: async (r) => [await http(r, "POST", "/api/telegram/webhook/before", { update_id: 1 })],
    },
  ];

  it("has a row for every registered route, and no row for a route that does not exist", () => {
    const registered = registeredRoutes(h.app);
    expect(registered).toContain("GET /api/profile");
    expect(registered).toContain("GET /api/auto-tune/optimize/ws/multiagent");
    expect(cases.map((c) => c.route).sort()).toEqual(registered);
  });

  it.each(ROLES)("answers every route as %s with the expected status and no leak", async (role) => {
    for (const c of cases) {
      const outcomes = await c.call(role);
      for (const o of outcomes) {
        expect(o.status, `${c.route} as ${role}: ${o.body.slice(0, 300)}`).toBe(c.expect[role]);
        if (role !== "owner") {
          for (const secret of secrets) {
            expect(o.body, `${c.route} as ${role} leaks ${secret}`).not.toContain(secret);
          }
        } else if (c.ownerSees) {
          expect(o.body, `${c.route}: the owner sees their data`).toContain(MARK);
        }
        if (o.socket) {
          const messages = JSON.parse(o.body) as Array<{ type: string; error?: string }>;
          const last = messages.at(-1);
          expect(last?.type, `${c.route} as ${role}`).toBe(
            o.status === 1000 ? "complete" : "error",
          );
          if (last?.type === "error") expect(last.error?.length).toBeGreaterThan(0);
        } else if (o.status >= 400 && o.body) {
          const error = JSON.parse(o.body).error;
          expect(error.message, `${c.route} as ${role}`).toEqual(expect.any(String));
          expect(error.message.length).toBeGreaterThan(0);
        }
      }
    }
  });

  it("left the owner's records as the owner last saved them", async () => {
    const profile = await http("owner", "GET", "/api/profile");
    expect(JSON.parse(profile.body).data.name).toBe(`${MARK} Alice`);
    const integration = JSON.parse((await http("owner", "GET", "/api/telegram/integration")).body);
    expect(integration.data.username).toBe("@alice_owner_x");
    const names = JSON.parse((await http("owner", "GET", "/api/datasets")).body).data.map(
      (d: { name: string }) => d.name,
    );
    expect(names).toContain("alice-private");
    expect(names).not.toContain("alice-spare");
    const run = await h.app.deps.runs.get(records.queuedRunId);
    expect(run?.status).toBe("cancelled");
    const bobs = JSON.parse((await http("other", "GET", "/api/auto-tune/optimize/history")).body);
    expect(bobs.data).toEqual([]);
  });

  it("refuses every state-changing route from a foreign Origin with 403, even for the owner", async () => {
    const evil: Caller = { ...callers.owner, origin: "https://evil.example" };
    const unsafe = cases.filter((c) => !c.route.startsWith("GET "));
    expect(unsafe.length).toBeGreaterThan(10);
    for (const c of unsafe) {
      const [method, pattern] = c.route.split(" ") as ["POST" | "PUT" | "DELETE", string];
      const url = pattern
        .replace(":id", records.runId)
        .replace(":name", "alice-private")
        .replace(":bot", "before");
      const res = await call(h.app, evil, method, url, {});
      expect(res.statusCode, `${c.route}: ${res.body}`).toBe(403);
      expect(res.json().error.message).toBe("Cross-origin request refused.");
    }
    const names = JSON.parse((await http("owner", "GET", "/api/datasets")).body).data.map(
      (d: { name: string }) => d.name,
    );
    expect(names).toContain("alice-private");
  });

  it("treats an API token as its owner only, within its scope", async () => {
    const withToken = (
      token: string,
      method: "GET" | "POST" | "DELETE",
      url: string,
      body?: unknown,
    ) =>
      h.app.inject({
        method,
        url,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
        },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
    // Bob's run token reaches none of Alice's records
    for (const url of [`/api/auto-tune/optimize/history/${records.runId}`]) {
      const res = await withToken(records.bobRunToken, "GET", url);
      expect(res.statusCode, url).toBe(404);
      for (const secret of secrets) expect(res.body).not.toContain(secret);
    }
    const bobsHistory = await withToken(
      records.bobRunToken,
      "GET",
      "/api/auto-tune/optimize/history",
    );
    expect(bobsHistory.json().data).toEqual([]);
    // Alice's read token sees her own run but may not change anything
    const own = await withToken(
      records.aliceToken,
      "GET",
      `/api/auto-tune/optimize/history/${records.runId}`,
    );
    expect(own.statusCode).toBe(200);
    const change = await withToken(records.aliceToken, "DELETE", "/api/datasets/alice-private");
    expect(change.statusCode).toBe(403);
    // read tokens cannot open a run socket; tokens never manage tokens
    const socket = await runSocket(`${h.wsBase}/ws`, singleRequest(1), {
      authorization: `Bearer ${records.bobReadToken}`,
    });
    expect(socket).toEqual({ refused: true, status: 403 });
    expect((await withToken(records.bobRunToken, "GET", "/api/profile/tokens")).statusCode).toBe(
      403,
    );
    expect(
      (
        await withToken(
          records.bobRunToken,
          "DELETE",
          `/api/profile/tokens/${records.aliceTokenId}`,
        )
      ).statusCode,
    ).toBe(403);
  });

  it("accepts the session as a ?token= query on the socket, and refuses a bad one", async () => {
    const cookie = callers.other.cookie as string;
    const token = cookie.split("=")[1];
    const refused = await runSocket(`${h.wsBase}/ws?token=not-a-session`, singleRequest(1));
    expect(refused).toEqual({ refused: true, status: 401 });
    const ok = await runSocket(`${h.wsBase}/ws?token=${token}`, {
      ...singleRequest(1),
      dataset_name: "alice-private",
    });
    if ("refused" in ok) throw new Error("upgrade refused");
    expect(ok.code).toBe(1008);
    expect(JSON.stringify(ok.messages)).not.toContain(MARK);
  });
});
