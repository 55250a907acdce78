import type { DatasetExample, MultiAgentConfig } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { judgeMessages } from "../judge/prompt";
import { multiAgentComponents, multiReflectionMessages } from "./multi";
import { singleReflectionMessages } from "./single";
import { renderTask, taskContextOf } from "./task";
import type { ReflectionExample } from "./types";

/** A dataset far from customer help: grading algebra answers of a math tutor. */
const example: DatasetExample = {
  id: "alg-1",
  dialog: [{ type: "human", content: "Solve 2x + 3 = 11." }],
  reference: "x = 4",
  rubric: ["states x = 4", "shows the subtraction step"],
};
const dataset = {
  name: "algebra",
  title: "Algebra tutor",
  description: "Step-by-step solutions of linear equations for pupils.",
  task: "A math tutor that shows every step and ends with the value of x.",
  metric: "judge" as const,
  examples: [example],
};
const material: ReflectionExample[] = [
  {
    example,
    reply: "x = 5",
    trace: "",
    consulted: [],
    score: 0,
    feedback: "Missing: states x = 4",
  },
];
/** A coordinator and one worker of the tutor task. */
const tutors: MultiAgentConfig = {
  "master-agent": {
    name: "Lead",
    prompt: "You lead tutors.",
    description: "",
    model_name: "m",
    temperature: 0,
  },
  "worker-agents": [
    {
      name: "Solver",
      prompt: "Solve.",
      description: "Solves.",
      model_name: "m",
      temperature: 0,
    },
  ],
};
const SUPPORT_WORDS =
  /customer|support|help desk|helpdesk|order number|refund|agent of the company/i;

describe("task-aware meta-prompts", () => {
  const task = taskContextOf(dataset, "You tutor algebra.");

  it("the single-agent reflection names the dataset's task and no support wording", () => {
    const messages = singleReflectionMessages(
      { prompt: "You tutor algebra.", temperature: 0.3 },
      material,
      true,
      task,
    );
    const text = messages.map((m) => m.content).join("\n");
    expect(text).toContain(
      "Task: A math tutor that shows every step and ends with the value of x.",
    );
    expect(text).toContain("Dataset: Algebra tutor");
    expect(text).toContain("Initial prompt given by the user: You tutor algebra.");
    expect(text).not.toMatch(SUPPORT_WORDS);
  });

  it("the judge and the multi-agent reflection do too", () => {
    const component = multiAgentComponents(tutors)[0];
    if (!component) throw new Error("no component");
    const texts = [
      judgeMessages(example, "x = 5", task),
      multiReflectionMessages(tutors, component, material, true, task),
    ].map((messages) => messages.map((m) => m.content).join("\n"));
    for (const text of texts) {
      expect(text).toContain("<task>");
      expect(text).toContain("Algebra tutor");
      expect(text).not.toMatch(SUPPORT_WORDS);
    }
  });

  /** The texts of both reflections (single-agent and multi-agent) for the algebra dataset. */
  function bothReflectionTexts(): string[] {
    const component = multiAgentComponents(tutors)[0];
    if (!component) throw new Error("no component");
    return [
      singleReflectionMessages(
        { prompt: "You tutor algebra.", temperature: 0.3 },
        material,
        true,
        task,
      ),
      multiReflectionMessages(tutors, component, material, true, task),
    ].map((messages) => messages.map((m) => m.content).join("\n"));
  }

  it("both reflections ask for kept instructions word for word", () => {
    // the merge, the prunings and the conflict check compare instructions as text: a reworded
    // instruction reads as a new one (docs/optimiser.md, "A reflection that rewords what it keeps")
    for (const text of bothReflectionTexts())
      expect(text).toMatch(/already works, copied word for word/);
  });

  it("both reflections ask that an instruction needed in some cases only name them", () => {
    // a fix stated for every case changes the replies of the cases that needed something else
    // (docs/optimiser.md, "Session 37": the `scope` world prices that at about 0.10 of the gain)
    for (const text of bothReflectionTexts())
      expect(text).toMatch(/needed only in some kinds of conversation says which kinds/);
  });

  it("both reflections ask that a vague instruction whose case still fails be made exact", () => {
    // a vague paraphrase of a needed instruction ("mind the usual format") keeps part of its
    // effect, so a search that only adds instructions keeps it (issue 22's "vague sentences kept");
    // the wording names vagueness as the cause, so a grader's slip alone invites no rewrite
    for (const text of bothReflectionTexts())
      expect(text).toMatch(/already covers because that instruction is vague, rewrite it to name/);
  });

  it("without any description the task section asks to infer it from the examples", () => {
    expect(renderTask({})).toContain("infer the task from the examples");
    expect(renderTask({ title: "  " })).not.toContain("Dataset:");
  });
});
