import { describe, expect, it } from "vitest";
import { Semaphore } from "./semaphore";

describe("Semaphore", () => {
  it("admits at most `limit` holders and hands slots over in FIFO order", async () => {
    const sem = new Semaphore(2);
    const order: string[] = [];
    const r1 = await sem.acquire();
    const r2 = await sem.acquire();
    const p3 = sem.acquire().then((r) => {
      order.push("3");
      return r;
    });
    const p4 = sem.acquire().then((r) => {
      order.push("4");
      return r;
    });
    expect(sem.running).toBe(2);
    expect(sem.waiting).toBe(2);
    r1();
    r1(); // releasing twice frees one slot only
    const r3 = await p3;
    expect(order).toEqual(["3"]);
    expect(sem.waiting).toBe(1);
    r2();
    const r4 = await p4;
    expect(order).toEqual(["3", "4"]);
    r3();
    r4();
    expect(sem.running).toBe(0);
  });

  it("drops a waiter whose signal aborts, without consuming a slot", async () => {
    const sem = new Semaphore(1);
    const release = await sem.acquire();
    const ctrl = new AbortController();
    const waiting = sem.acquire(ctrl.signal);
    ctrl.abort(new Error("gave up"));
    await expect(waiting).rejects.toThrow("gave up");
    expect(sem.waiting).toBe(0);
    release();
    expect(sem.running).toBe(0);
    const again = await sem.acquire();
    expect(sem.running).toBe(1);
    again();
  });

  it("runs functions under the limit", async () => {
    const sem = new Semaphore(3);
    let active = 0;
    let peak = 0;
    const gates: Array<() => void> = [];
    const tasks = Array.from({ length: 7 }, () =>
      sem.run(async () => {
        active++;
        peak = Math.max(peak, active);
        await new Promise<void>((r) => gates.push(r));
        active--;
      }),
    );
    let done = false;
    const all = Promise.all(tasks).then(() => {
      done = true;
    });
    while (!done) {
      await new Promise((r) => setImmediate(r));
      gates.shift()?.();
    }
    await all;
    expect(peak).toBe(3);
  });
});

describe("Semaphore lanes", () => {
  it("serves urgent waiters before normal ones that queued earlier", async () => {
    const sem = new Semaphore(1);
    const release = await sem.acquire();
    const order: string[] = [];
    const normal = sem.acquire(undefined, "normal").then((r) => {
      order.push("normal");
      r();
    });
    const urgent = sem.acquire(undefined, "urgent").then((r) => {
      order.push("urgent");
      r();
    });
    release();
    await Promise.all([normal, urgent]);
    expect(order).toEqual(["urgent", "normal"]);
    expect(sem.running).toBe(0);
  });
});

describe("Semaphore fairness across keys", () => {
  it("serves keys round robin, so one key's backlog does not delay another's waiter", async () => {
    const sem = new Semaphore(1);
    const release = await sem.acquire(undefined, "normal", { key: "alice" });
    const order: string[] = [];
    const queued = [
      ...["a1", "a2", "a3"].map((name) =>
        sem.acquire(undefined, "normal", { key: "alice" }).then((r) => {
          order.push(name);
          r();
        }),
      ),
      sem.acquire(undefined, "normal", { key: "bob" }).then((r) => {
        order.push("b1");
        r();
      }),
    ];
    release();
    await Promise.all(queued);
    // bob queued last but is served second: alice had just been served.
    expect(order).toEqual(["a1", "b1", "a2", "a3"]);
  });

  it("never lets a capped key hold more than its share, leaving slots for other keys", async () => {
    const sem = new Semaphore(4);
    const half = { key: "alice", cap: (limit: number) => Math.floor(limit / 2) };
    const held = [
      await sem.acquire(undefined, "normal", half),
      await sem.acquire(undefined, "normal", half),
    ];
    let third = false;
    const pending = sem.acquire(undefined, "normal", half).then((r) => {
      third = true;
      return r;
    });
    await Promise.resolve();
    expect(third).toBe(false);
    expect(sem.heldBy("alice")).toBe(2);
    // another key gets a free slot at once although alice is waiting
    const bob = await sem.acquire(undefined, "normal", { key: "bob", cap: () => 2 });
    expect(sem.running).toBe(3);
    held[0]?.();
    const r3 = await pending;
    expect(sem.heldBy("alice")).toBe(2);
    for (const r of [held[1], r3, bob]) r?.();
    expect(sem.running).toBe(0);
  });

  it("gives a capped key at least one slot however small the limit", async () => {
    const sem = new Semaphore(1);
    const release = await sem.acquire(undefined, "normal", { key: "alice", cap: () => 0 });
    expect(sem.heldBy("alice")).toBe(1);
    release();
  });
});
