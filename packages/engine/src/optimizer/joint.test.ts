import { describe, expect, it } from "vitest";
import { createFakeLlm, syntheticExamples } from "../testing/fake-llm";
import {
  applyJointEdits,
  jointProposalSchema,
  multiAgentComponents,
  optimizeMultiAgent,
} from "./multi";
import { drive, TWO_WORKER_CONFIG } from "./test-helpers";

const config = TWO_WORKER_CONFIG;
const [coordinator] = multiAgentComponents(config);

describe("joint multi-agent edits", () => {
  it("names other components only through an enum of the configuration's labels", () => {
    const schema = jointProposalSchema(["worker:Expert.prompt", "worker:Writer.prompt"]);
    expect(schema.parse({ prompt: "p", rationale: "r" })).toEqual({
      prompt: "p",
      rationale: "r",
      also: [],
    });
    const ghost = {
      prompt: "p",
      rationale: "r",
      also: [{ component: "worker:Ghost.prompt", text: "x" }],
    };
    expect(schema.safeParse(ghost).success).toBe(false);
  });

  it("applies the focus and every distinct joint edit, ignoring empty and repeated ones", () => {
    if (!coordinator) throw new Error("no coordinator component");
    const { config: next, changed } = applyJointEdits(config, coordinator, "Route well.", [
      { component: "worker:Expert.prompt", text: "Cite the policy." },
      { component: "worker:Expert.prompt", text: "Second edit of the same component." },
      { component: "coordinator.prompt", text: "Edit of the focus again." },
      { component: "worker:Writer.description", text: "   " },
    ]);
    expect(changed).toEqual(["coordinator.prompt", "worker:Expert.prompt"]);
    expect(next["master-agent"].prompt).toBe("Route well.");
    expect(next["worker-agents"][0]?.prompt).toBe("Cite the policy.");
    expect(next["worker-agents"][1]).toEqual(config["worker-agents"][1]);
  });

  it("reports a jointly edited candidate with every changed component", async () => {
    const llm = createFakeLlm({
      reflect: (current, missing) => ({
        prompt: [current, ...missing.slice(0, 2).map((m) => `Always ${m}.`)].join("\n"),
        also: [
          {
            component: "worker:Writer.prompt",
            text: `You write.\n${missing.map((m) => `Always ${m}.`).join("\n")}`,
          },
        ],
      }),
    });
    const { results } = await drive(
      optimizeMultiAgent({
        llm,
        models: { judge: "judge", reflection: "reflection" },
        dataset: { name: "synthetic", metric: "judge", examples: syntheticExamples(30) },
        config,
        iterations: 3,
        seed: 3,
      }),
    );
    const joint = results.filter((r) => r.accepted && r.component?.includes(" + "));
    expect(joint.length).toBeGreaterThan(0);
    for (const r of joint) {
      expect(r.component).toMatch(/ \+ worker:Writer\.prompt$/);
      expect(r.config["worker-agents"][1]?.prompt).toContain("Always ");
    }
    const reflection = llm.calls.find((c) => c.purpose === "reflection");
    expect(reflection?.user).toContain("Other components you may rewrite jointly in `also`:");
  });
});
