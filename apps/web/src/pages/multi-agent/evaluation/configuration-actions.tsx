import { notifications } from "@mantine/notifications";
import { DEFAULTS } from "@promptune/contracts";
import { ConfigurationActions } from "../../../components/config-actions/ConfigurationActions";
import { CONFIGURE_SECTION_ID, scrollToId } from "../../../lib/scroll";
import type { MultiAgentSnapshot } from "../../../stores/multi-run";
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
