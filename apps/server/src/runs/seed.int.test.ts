/**
 * RUN_SEED: with it every run gets that seed (reproducible demos and browser
 * tests); without it each run draws its own.
 */
import { afterEach, describe, expect, it } from "vitest";
import { DIALECTS } from "../testing/db";
import { singleRequest } from "../testing/requests";
import { type RunApp, startRunApp } from "../testing/run-app";

/** Starts two runs over REST with a run token and returns their stored seeds. */
async function seedsOfTwoRuns(h: RunApp): Promise<number[]> {
  const { cookie, userId } = await h.t.signIn("seeded.runner@example.com", "Sid");
  const made = await h.app.inject({
    method: "POST",
    url: "/api/profile/tokens",
    headers: { cookie, "content-type": "application/json" },
    payload: JSON.stringify({ name: "seeds", scopes: ["run"] }),
  });
  const token = made.json().data.token as string;
  for (let i = 0; i < 2; i++) {
    const started = await h.app.inject({
      method: "POST",
      url: "/api/auto-tune/optimize/runs",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      payload: JSON.stringify({ mode: "single", ...singleRequest(1) }),
    });
    expect(started.statusCode, started.body).toBe(202);
  }
  const rows = await h.t.database.db
    .selectFrom("runs")
    .select("seed")
    .where("user_id", "=", userId)
    .execute();
  return rows.map((r) => Number(r.seed));
}

describe.each(DIALECTS)("run seeds on %s", (dialect) => {
  let h: RunApp | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it("gives every run the seed RUN_SEED names", async () => {
    h = await startRunApp(dialect, { RUN_SEED: "424242" });
    expect(await seedsOfTwoRuns(h)).toEqual([424242, 424242]);
  });

  it("draws a fresh seed per run without RUN_SEED", async () => {
    h = await startRunApp(dialect);
    const seeds = await seedsOfTwoRuns(h);
    expect(seeds).toHaveLength(2);
    expect(seeds[0]).not.toBe(seeds[1]);
  });
});
