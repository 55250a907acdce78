/**
 * The History tab's actions with their side effects: 'Load into optimizer'
 * (single-agent → /home, multi-agent → /) and 'Load to integration'
 * (→ /integration), with the alerts of spec §8.
 */

import { notifications } from "@mantine/notifications";
import {
  type AgentConfig,
  DEFAULTS,
  type HistoryRecord,
  type MultiAgentIteration,
  NOTIFICATIONS,
} from "@promptune/contracts";
import { ApiRequestError } from "../../../api/client";
import { fetchIntegration, saveIntegration } from "../../../api/integration";
import { useMultiRunStore } from "../../../stores/multi-run";
import { makeWorker, useOptimizationStore } from "../../../stores/optimization";
import { useRunInsightsStore } from "../../../stores/run-insights";
import { useIntegrationDraftStore } from "../../integration/draft";
import { loadMultiAgentDefaults } from "../../multi-agent/defaults";
import { applySingleRecord } from "../../single-agent/load-run";
import { LOAD_TO_INTEGRATION_TEXT } from "./ConfirmIntegrationModal";
import { integrationFromHistory, selectedStepIndex } from "./mapping";

/** Alerts of 'Load to integration' (spec §8). */
export const HISTORY_ALERTS = {
  failed: "Failed to load to integration. Please try again.",
  error: "Error loading to integration. Please try again.",
} as const;

type Navigate = (to: string) => void;

/**
 * Single-agent 'Load into optimizer': waits for the defaults (so their first
 * load cannot overwrite what is loaded), fills the persisted settings and the
 * single-agent run store (prompts of all steps as a finished run, the
 * selected step selected), switches to Standard Optimization and opens /home.
 */
export async function loadIntoOptimizer(record: HistoryRecord, navigate: Navigate): Promise<void> {
  await applySingleRecord(record);
  navigate("/home");
}

const noUsage = { calls: 0, input_tokens: 0, output_tokens: 0, cost_usd: 0, cached_calls: 0 };

/**
 * Multi-agent 'Load into optimizer': the run's coordinator, workers, dataset
 * and iterations become the multi-agent settings, its steps the optimised
 * configurations; then the Multi-Agent page (/) opens.
 */
export async function loadMultiIntoOptimizer(
  record: HistoryRecord,
  navigate: Navigate,
): Promise<void> {
  const c = record.configuration;
  const master = c["master-agent"];
  const workers = c["worker-agents"] ?? [];
  if (!master) throw new Error("This run has no coordinator configuration.");
  await loadMultiAgentDefaults();
  const worker = (w: AgentConfig, i: number) =>
    makeWorker(
      i + 1,
      {
        prompt: w.prompt,
        model: w.model_name,
        temperature: w.temperature,
        description: w.description ?? "",
      },
      w.name,
    );
  useOptimizationStore.getState().update({
    coordinatorPrompt: master.prompt,
    coordinatorModel: master.model_name || DEFAULTS.model,
    coordinatorTemperature: master.temperature,
    coordinatorDescription: master.description || DEFAULTS.coordinatorDescription,
    workers: workers.map(worker),
    multiAgentIterations: c.iterations || record.steps.length,
    selectedDataset: c.dataset_name || DEFAULTS.multiAgentDataset,
  });
  const results: MultiAgentIteration[] = record.steps
    .filter((s) => s["master-agent"])
    .map((s) => ({
      iteration: s.step_number,
      prompt: s.prompt,
      temperature: s.temperature,
      "master-agent": s["master-agent"] as AgentConfig,
      "worker-agents": s["worker-agents"] ?? [],
      evaluation_point: s.evaluation_point,
      embedding_point: s.embedding_point,
      accepted: s.accepted,
      parent: null,
      validation_score: s.validation_score,
      usage: noUsage,
    }));
  const selected = selectedStepIndex(record);
  useRunInsightsStore.getState().setHistoryRun("multi", record.run_id);
  useMultiRunStore.setState({
    multiAgentIterationResults: results,
    multiAgentIsOptimized: results.length > 0,
    multiAgentSelectedIterationIndex: selected >= 0 ? selected : Math.max(0, results.length - 1),
    isOptimizing: false,
    progress: results.length > 0 ? 100 : 0,
    requestedIterations: results.length,
    initialConfig: { "master-agent": master, "worker-agents": workers },
    baseline: record.initial_evaluation ?? null,
    finalResult: null,
    showCompletion: false,
  });
  // The frontier comes back with the run, with the point its user chose (else the recommended one).
  useMultiRunStore
    .getState()
    .setFrontier(record.frontier ?? null, record.run_id, record.frontier_choice);
  navigate("/");
}

/**
 * 'Load to integration': saves the user's integration with the run's initial
 * prompt (before bot) and last step's prompt (after bot), keeping the
 * username and friends, then opens /integration. Without a saved username
 * nothing can be saved yet: the prompts go to the page as a draft instead
 * (which says so). A save is confirmed by a toast.
 */
export async function loadToIntegration(record: HistoryRecord, navigate: Navigate): Promise<void> {
  let current: Awaited<ReturnType<typeof fetchIntegration>>;
  try {
    current = await fetchIntegration();
  } catch (error) {
    console.error("Loading the integration failed", error);
    window.alert(HISTORY_ALERTS.error);
    return;
  }
  const next = integrationFromHistory(record, current);
  if (!current.username.replace(/^@/, "").trim()) {
    useIntegrationDraftStore.getState().setDraft(next);
    navigate("/integration");
    return;
  }
  try {
    await saveIntegration(next);
  } catch (error) {
    console.error("Saving the integration failed", error);
    window.alert(
      error instanceof ApiRequestError && error.status > 0
        ? HISTORY_ALERTS.failed
        : HISTORY_ALERTS.error,
    );
    return;
  }
  notifications.show({
    color: "green",
    message: LOAD_TO_INTEGRATION_TEXT.saved,
    autoClose: NOTIFICATIONS.profileAndIntegrationMs,
  });
  navigate("/integration");
}
