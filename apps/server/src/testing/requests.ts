/** Run requests the socket tests send, against the test dataset `tiny-help` and the fixture models. */

/** The seed prompt of the run tests that compare a saved run's configuration with what was sent. */
export const SHOP_PROMPT = "You are a support assistant for an online shop.";

/** A single-agent socket request for the test dataset. */
export function singleRequest(iterations: number, prompt = "You are a support assistant.") {
  return {
    prompt,
    dataset_name: "tiny-help",
    model_name: "fixture-small",
    iterations,
    temperature: 0.7,
  };
}

/** A single-agent request starting from SHOP_PROMPT. */
export function shopRequest(iterations: number) {
  return singleRequest(iterations, SHOP_PROMPT);
}

/** One agent of a multi-agent configuration on the fixture's small model. */
export function agent(name: string, prompt: string) {
  return {
    name,
    prompt,
    model_name: "fixture-small",
    temperature: 0.5,
    description: `${name} agent`,
  };
}

/**
 * A multi-agent socket request: a coordinator and two workers, the second
 * named `writer` (default "Writer"), for `datasetName` (default the test dataset).
 */
export function multiRequest(
  iterations: number,
  { datasetName = "tiny-help", writer = "Writer" }: { datasetName?: string; writer?: string } = {},
) {
  return {
    dataset_name: datasetName,
    iterations,
    "master-agent": agent("master", "You coordinate the support team."),
    "worker-agents": [
      agent("Expert", "You know the shop's policies."),
      agent(writer, "You write the final answer."),
    ],
  };
}
