import { describe, expect, it } from "vitest";
import { createFakeLlm } from "../testing/fake-llm";
import { chooseEmbeddingSource } from "./embedder";
import { createProjector, projectionAxes } from "./projection";
import { LOCAL_EMBEDDING_DIM, localEmbed } from "./vectorise";

const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * (b[i] ?? 0), 0);

describe("localEmbed", () => {
  it("is deterministic, unit length, and closer for texts that share wording", () => {
    const a = localEmbed("Always ask for the order number.");
    expect(a).toHaveLength(LOCAL_EMBEDDING_DIM);
    expect(localEmbed("Always ask for the order number.")).toEqual(a);
    expect(Math.hypot(...a)).toBeCloseTo(1, 10);
    const near = localEmbed("Always ask for the order number and apologise.");
    const far = localEmbed("Translate poems into French verse.");
    expect(dot(a, near)).toBeGreaterThan(dot(a, far));
    expect(localEmbed("")).toEqual(new Array(LOCAL_EMBEDDING_DIM).fill(0));
  });
});

describe("projection", () => {
  it("uses orthonormal axes derived only from the seed", () => {
    const [u, w] = projectionAxes(9, 64);
    expect(dot(u, u)).toBeCloseTo(1, 10);
    expect(dot(w, w)).toBeCloseTo(1, 10);
    expect(dot(u, w)).toBeCloseTo(0, 10);
    expect(projectionAxes(9, 64)).toEqual([u, w]);
    expect(projectionAxes(10, 64)[0]).not.toEqual(u);
  });

  it("puts the seed at the origin and never moves a point, whatever else is projected", () => {
    const seedVec = localEmbed("You are a helpful assistant.");
    const p = createProjector({ seed: 3, origin: seedVec });
    expect(p.project(seedVec)).toEqual({ x: 0, y: 0 });
    const v1 = localEmbed("You are a helpful assistant. Always ask for the order number.");
    const first = p.project(v1);
    for (let i = 0; i < 20; i++) p.project(localEmbed(`candidate ${i} with other words`));
    expect(p.project(v1)).toEqual(first);
    // a projector rebuilt from the checkpointed state (as after a resume) agrees
    const rebuilt = createProjector(JSON.parse(JSON.stringify(p.state)));
    expect(rebuilt.project(v1)).toEqual(first);
    expect(Math.hypot(first.x, first.y)).toBeGreaterThan(0);
    expect(() => p.project([1, 2, 3])).toThrow("dimensions");
  });
});

describe("chooseEmbeddingSource", () => {
  it("uses the provider when it has embeddings, else the local vectoriser", async () => {
    const withEmbed = await chooseEmbeddingSource(
      createFakeLlm({ embeddings: true }),
      "hello world",
    );
    expect(withEmbed.source).toBe("provider");
    expect(withEmbed.vector).toHaveLength(16);
    const without = await chooseEmbeddingSource(createFakeLlm(), "hello world");
    expect(without).toEqual({ source: "local", vector: localEmbed("hello world") });
  });

  it("falls back to local when the provider's embeddings fail", async () => {
    const llm = createFakeLlm({
      embeddings: true,
      beforeCall: (c) => {
        if (c.purpose === "embedding") throw new Error("404 no embeddings model");
      },
    });
    expect((await chooseEmbeddingSource(llm, "x")).source).toBe("local");
  });
});
