import { notifications } from "@mantine/notifications";
import { DEFAULTS, type FrontierPoint } from "@promptune/contracts";
import { ConfigurationActions } from "../../../components/config-actions/ConfigurationActions";
import { chosenFrontierPoint } from "../../../components/frontier/selection";
import { CONFIGURE_SECTION_ID, scrollToId } from "../../../lib/scroll";
import { type MultiAgentSnapshot, promptsKey } from "../../../stores/multi-run";
import { makeWorker, useOptimizationStore } from "../../../stores/optimization";

/** Toast after a multi-agent 'Use this configuration'. */
export const MULTI_USE_TEXT =
  "This configuration is now in the editor above. Press Optimize to improve it further.";

/**
 * 'Use this configuration' on the Multi-Agent page: the iteration's
 * coordinator and workers become the configuration being edited (and the
 * start of the next run), and the page scrolls to it.
 */
export function applyMultiConfiguration(config: MultiAgentSnapshot): void {
  const master = config["master-agent"];
  useOptimizationStore.getState().update({
    coordinatorPrompt: master.prompt,
    coordinatorModel: master.model_name || DEFAULTS.model,
    coordinatorTemperature: master.temperature,
    coordinatorDescription: master.description || DEFAULTS.coordinatorDescription,
    workers: config["worker-agents"].map((w, i) =>
      makeWorker(
        i + 1,
        {
          prompt: w.prompt,
          model: w.model_name,
          temperature: w.temperature,
          description: w.description ?? "",
        },
        w.name,
      ),
    ),
  });
  scrollToId(CONFIGURE_SECTION_ID);
  notifications.show({ color: "green", message: MULTI_USE_TEXT, autoClose: 4000 });
}

/**
 * The configuration an iteration's actions use: the frontier point chosen in
 * "Cost vs quality" (else the recommended one) when it has the iteration's
 * prompts (its models and temperatures), else the iteration's own.
 */
export function frontierConfigOr(
  frontier: readonly FrontierPoint[] | null,
  selected: number | null,
  config: MultiAgentSnapshot,
): MultiAgentSnapshot {
  const key = promptsKey(config);
  const point = chosenFrontierPoint(frontier, selected, (p) => promptsKey(p) === key);
  return point?.["master-agent"] && point["worker-agents"]
    ? { "master-agent": point["master-agent"], "worker-agents": point["worker-agents"] }
    : config;
}

/** Copy, Export and 'Use this configuration' under a multi-agent configuration (issue 26 §3 items 13–14). */
export function MultiConfigurationActions({
  config,
  label,
  presented,
  validationScore,
  datasetName,
}: {
  config: MultiAgentSnapshot;
  label: string;
  presented?: boolean;
  validationScore?: number | undefined;
  datasetName?: string;
}) {
  const master = config["master-agent"];
  return (
    <ConfigurationActions
      testId="ma-configuration-actions"
      presented={presented ?? false}
      copyText={JSON.stringify(config, null, 2)}
      config={{
        label,
        prompt: master.prompt,
        model_name: master.model_name,
        temperature: master.temperature,
        ...(validationScore !== undefined ? { validation_score: validationScore } : {}),
        ...(datasetName ? { dataset_name: datasetName } : {}),
        "master-agent": master,
        "worker-agents": config["worker-agents"],
      }}
      onUse={() => applyMultiConfiguration(config)}
    />
  );
}
