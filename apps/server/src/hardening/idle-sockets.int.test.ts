/**
 * Attack regressions (issue 14, item 12): idle sockets. A signed-in user
 * could open run sockets without ever sending a request and keep them all
 * open (memory and file descriptors, without limit). Now each user may have
 * SOCKETS_MAX_PER_USER open at once (further ones are closed with 1008), and
 * a socket that sends no first message within SOCKET_IDLE_TIMEOUT_MS
 * (default 10 s; 1 s here) is closed with 1008.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { singleRequest } from "../testing/requests";
import { within } from "../testing/wait";
import { type HardeningApp, startHardeningApp } from "./harness";

/** An opened socket that sends nothing, and the promise of its close. */
interface IdleSocket {
  ws: WebSocket;
  messages: Array<{ type: string; error?: string }>;
  closed: Promise<{ code: number; reason: string; afterMs: number }>;
}

/** Opens a socket as `cookie` and waits until it is open (the upgrade succeeded). */
async function openIdle(url: string, cookie: string): Promise<IdleSocket> {
  const started = Date.now();
  const ws = new WebSocket(url, { headers: { cookie } });
  const messages: IdleSocket["messages"] = [];
  ws.on("message", (d) => messages.push(JSON.parse(d.toString())));
  const closed = new Promise<{ code: number; reason: string; afterMs: number }>((resolve) =>
    ws.on("close", (code, reason) =>
      resolve({ code, reason: reason.toString(), afterMs: Date.now() - started }),
    ),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  return { ws, messages, closed };
}

describe("idle and surplus run sockets", () => {
  let h: HardeningApp;
  let cookie: string;
  let otherCookie: string;
  const LIMIT = 3;

  beforeAll(async () => {
    h = await startHardeningApp("sqlite", {
      SOCKETS_MAX_PER_USER: String(LIMIT),
      SOCKET_IDLE_TIMEOUT_MS: "1000",
    });
    ({ cookie } = await h.t.signIn("idler@example.com", "Idler"));
    ({ cookie: otherCookie } = await h.t.signIn("other@example.com", "Other"));
  });
  afterAll(async () => {
    await h?.close();
  });

  it("closes a socket that sends no request within the idle timeout (1008)", async () => {
    const idle = await openIdle(`${h.wsBase}/ws`, cookie);
    const close = await within(idle.closed, 8_000, "the idle socket's close");
    expect(close.code).toBe(1008);
    expect(close.reason).toBe("No request within 1 seconds; the socket was closed.");
    expect(close.afterMs).toBeGreaterThanOrEqual(900);
    expect(idle.messages).toEqual([{ type: "error", error: close.reason }]);
  });

  it("keeps a socket whose first message came in time (the run completes)", async () => {
    const live = await openIdle(`${h.wsBase}/ws`, cookie);
    live.ws.send(JSON.stringify(singleRequest(1)));
    const close = await within(live.closed, 30_000, "the run's end");
    expect(close.code).toBe(1000);
    expect(live.messages.at(-1)?.type).toBe("complete");
  });

  it("admits exactly the limit of 40 simultaneous sockets per user, others' sockets unaffected", async () => {
    const opened = await Promise.all(
      Array.from({ length: 40 }, () => openIdle(`${h.wsBase}/ws`, cookie)),
    );
    const refusedReason = `Too many open optimization sockets (at most ${LIMIT}). Close another tab or wait for a run to finish.`;
    const refused = await Promise.all(
      opened.map((s) =>
        Promise.race([
          s.closed.then((c) => (c.reason === refusedReason && c.code === 1008 ? 1 : 0)),
          new Promise<number>((r) => setTimeout(() => r(0), 500)),
        ]),
      ),
    );
    const admitted = refused.filter((r) => r === 0).length;
    expect(admitted).toBe(LIMIT);
    // Another user is not affected by this user's sockets.
    const other = await openIdle(`${h.wsBase}/ws`, otherCookie);
    other.ws.send(JSON.stringify(singleRequest(1)));
    expect((await within(other.closed, 30_000, "the other user's run")).code).toBe(1000);
    // Once the admitted ones are closed (idle), the user may open sockets again.
    await within(Promise.all(opened.map((s) => s.closed)), 8_000, "every socket's close");
    const again = await openIdle(`${h.wsBase}/ws`, cookie);
    again.ws.send(JSON.stringify(singleRequest(1)));
    expect((await within(again.closed, 30_000, "the new run")).code).toBe(1000);
  });
});
