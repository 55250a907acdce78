/**
 * A run on several datasets (issue 25, item 2): `extra_datasets` merges an
 * uploaded dataset into the run's evaluation set; the estimate grows with it,
 * the per-example evidence shows examples of both sources, history keeps the
 * list, and bad lists are refused with a clear 400 before anything runs.
 */
import { type HistoryRecord, HistoryRecordSchema } from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { singleRequest } from "../testing/requests";
import { type RunApp, startRunApp } from "../testing/run-app";

const line = (i: number) =>
  JSON.stringify({
    id: `fb-${i}`,
    dialog: [{ type: "human", content: `My parcel ${i} is late, what now?` }],
    reference: "I'm sorry. Let me ask for the order number and mention the refund timeline.",
    rubric: ["ask for the order number", "mention the refund timeline"],
  });

describe("runs on several datasets", () => {
  let h: RunApp;
  let cookie = "";

  beforeAll(async () => {
    h = await startRunApp("sqlite");
    ({ cookie } = await h.t.signIn("merge.runner@example.com"));
    const up = await post("/api/datasets", {
      name: "late-parcels",
      format: "jsonl",
      metric: "judge",
      content: Array.from({ length: 8 }, (_, i) => line(i)).join("\n"),
    });
    expect(up.statusCode, up.body).toBe(201);
    const exact = await post("/api/datasets", {
      name: "exact-quiz",
      format: "jsonl",
      metric: "exact",
      content: Array.from({ length: 3 }, (_, i) =>
        JSON.stringify({
          id: `q${i}`,
          dialog: [{ type: "human", content: `${i} + 1?` }],
          reference: String(i + 1),
          expected: String(i + 1),
        }),
      ).join("\n"),
    });
    expect(exact.statusCode, exact.body).toBe(201);
  });
  afterAll(async () => {
    await h?.close();
  });

  const post = (url: string, body: unknown) =>
    h.app.inject({
      method: "POST",
      url,
      headers: { cookie, "content-type": "application/json" },
      payload: JSON.stringify(body),
    });
  const get = (url: string) => h.app.inject({ method: "GET", url, headers: { cookie } });

  it("estimates more calls when another dataset is merged in", async () => {
    const alone = await post("/api/auto-tune/optimize/estimate", {
      mode: "single",
      ...singleRequest(1),
    });
    const merged = await post("/api/auto-tune/optimize/estimate", {
      mode: "single",
      ...singleRequest(1),
      extra_datasets: ["late-parcels"],
    });
    expect(alone.statusCode, alone.body).toBe(200);
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().data.calls).toBeGreaterThan(alone.json().data.calls);
  });

  it("runs on the merged set: evidence covers both sources and history keeps the list", async () => {
    const started = await post("/api/auto-tune/optimize/runs", {
      mode: "single",
      ...singleRequest(1),
      extra_datasets: ["late-parcels"],
    });
    expect(started.statusCode, started.body).toBe(202);
    const { run_id } = started.json().data as { run_id: string };
    let record: HistoryRecord | undefined;
    for (let i = 0; i < 600; i++) {
      await new Promise((r) => setTimeout(r, 50));
      record = HistoryRecordSchema.parse(
        (await get(`/api/auto-tune/optimize/history/${run_id}`)).json().data,
      );
      if (!["queued", "running"].includes(record.status)) break;
    }
    expect(record?.status, record?.error ?? "").toBe("completed");
    expect(record?.configuration).toMatchObject({
      dataset_name: "tiny-help",
      extra_datasets: ["late-parcels"],
    });
    const evidence = await get(
      `/api/auto-tune/optimize/runs/${run_id}/evidence?split=validation&page_size=100`,
    );
    expect(evidence.statusCode, evidence.body).toBe(200);
    const ids = (evidence.json().data.rows as Array<{ example_id: string }>).map(
      (r) => r.example_id,
    );
    const sources = new Set(ids.map((id) => id.split("/")[0]));
    expect([...sources].sort()).toEqual(["late-parcels", "tiny-help"]);
  });

  it("refuses an unknown dataset, a repeat of the primary and mixed metrics with clear 400s", async () => {
    const cases: Array<[string[], string]> = [
      [["no-such-set"], 'Unknown dataset "no-such-set"'],
      [["tiny-help"], 'extra_datasets repeats the run\'s dataset "tiny-help"'],
      [["exact-quiz"], '"tiny-help" uses judge, "exact-quiz" uses exact'],
      [["a", "b", "c", "d"], "extra_datasets may name at most 3 datasets"],
    ];
    for (const [extra, message] of cases) {
      const res = await post("/api/auto-tune/optimize/runs", {
        mode: "single",
        ...singleRequest(1),
        extra_datasets: extra,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    const runs = await get("/api/auto-tune/optimize/history?mode=single");
    expect(runs.json().data).toHaveLength(1);
  });
});
