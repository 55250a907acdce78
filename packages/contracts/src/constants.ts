/**
 * Business constants from the product specification (§9) shared by the web app
 * and the server, so a limit is stated once and enforced identically on both sides.
 */

/** Socket connection and retry behaviour of the optimisation clients. */
export const SOCKET = {
  connectTimeoutMs: 10_000,
  maxAttempts: 3,
  firstRetryDelayMs: 1_000,
  maxRetryDelayMs: 5_000,
  normalCloseCode: 1000,
  normalCloseReason: "Optimization completed",
  policyViolationCode: 1008,
  internalErrorCode: 1011,
} as const;

/**
 * Wording of a failed run (docs/api.md "Sockets"). The server stores a
 * failure as `storedPrefix` + its reason (history's `error`); its socket
 * error frame carries `plain` as `error` and the reason as `detail`, which
 * the web app folds behind "Details".
 */
export const RUN_FAILURE = {
  storedPrefix: "Optimization failed: ",
  plain: "The server or the model provider ran into a problem.",
} as const;

/** What a run paused by a provider outage says (socket frame, history, status). */
export const RUN_PAUSE = {
  message:
    "The model provider is not answering right now, so this optimization is paused. It resumes by itself as soon as the provider answers again, and no finished iteration is lost.",
  resumed: "The model provider answers again. The optimization goes on.",
} as const;

/** Progress arithmetic of the optimisation stream (§4, §9). */
export const PROGRESS = {
  capBeforeCompletion: 90,
  finishSteps: 20,
  finishStepMs: 50,
  simulatedTickMs: 100,
  simulatedTickAmount: 0.075,
  completedTickMultiplier: 3,
  multiAgentEaseMs: 500,
  completionMessageDelayMs: 500,
} as const;

/** Iteration limits and defaults. */
export const ITERATIONS = {
  min: 1,
  max: 10,
  singleAgentFallback: 6,
  unspecifiedFallback: 4,
  multiAgentDefault: 4,
} as const;

/** Worker count bounds in multi-agent mode. */
export const WORKERS = { min: 1, max: 10 } as const;

/** Temperature slider bounds. */
export const TEMPERATURE = { min: 0, max: 1, step: 0.01, default: 0.7 } as const;

/** Default names and texts used when defaults are missing. */
export const DEFAULTS = {
  prompt: "You are a helpful assistant.",
  model: "gpt-4o",
  defaultsModel: "gpt-4.1-mini",
  fallbackModels: ["gpt-4o", "gpt-4", "gpt-3.5-turbo"],
  fallbackWorkerModels: ["gpt-4o", "gpt-4", "gpt-3.5-turbo", "gpt-4.1"],
  historyDataset: "DCH2",
  multiAgentDataset: "DCH2-top-dialogs",
  workerNames: ["Expert", "Synthesizer"],
  additionalWorkerName: "Assistant",
  coordinatorDescription:
    "Coordinator node that communicates with worker nodes to respond to user messages.",
} as const;

/** Notification (toast) durations in milliseconds. */
export const NOTIFICATIONS = {
  defaultMs: 5_000,
  configurationViewMs: 3_000,
  fadeMs: 500,
  profileAndIntegrationMs: 4_000,
} as const;

/** Carousel and graph interaction constants. */
export const CAROUSEL = { animationMs: 600, swipeThresholdPx: 40 } as const;
export const GRAPH = {
  swipeThresholdPx: 50,
  switchDelayMs: 250,
  slideFlagClearMs: 500,
  reachedColor: "#FB9205",
  pendingColor: "#2196F3",
  embeddingTicks: 6,
  evaluationTicks: 5,
  equalRangeWidening: 0.1,
  evaluationPadding: 0.1,
} as const;

/** Graph size per window width, largest breakpoint first. */
export const GRAPH_SIZES = [
  { minWidth: 1200, width: 450, height: 350, padding: 60 },
  { minWidth: 768, width: 400, height: 300, padding: 50 },
  { minWidth: 480, width: 350, height: 250, padding: 45 },
  { minWidth: 0, width: 300, height: 200, padding: 40 },
] as const;

/** Layout and routing timings. */
export const LAYOUT = {
  mobileBreakpointPx: 768,
  callbackRedirectMs: 2_000,
  chunkLoadTimeoutMs: 120_000,
} as const;

/** Browser storage key of the persisted optimisation settings. */
export const STORE_KEY = "optimization-store";

/** Header inserted before multi-agent intermediate messages in a dialog entry. */
export const INTERMEDIATE_HEADER = "--- Intermediate Messages ---";

/** The single-agent chat framing around the user's prompt (§7). */
export const CHAT_FRAMING = {
  preamble: "You are an AI assistant. Follow these instructions carefully",
  reminder: "Remember to follow the instructions above in every reply.",
} as const;

/** Scheme allowlist for rendered links and images (§5). */
export const SAFE_URL_SCHEMES = ["http", "https", "irc", "ircs", "mailto", "xmpp"] as const;

/*
 * Input limits. They live here, not next to the schemas that enforce them, so
 * the web app can read a limit without loading zod (the schema modules run
 * zod at import time).
 */

/** Longest prompt accepted anywhere (characters). */
export const MAX_PROMPT_CHARS = 20_000;
/** Longest description of an agent (characters). */
export const MAX_DESCRIPTION_CHARS = 2_000;
/** Longest model identifier. */
export const MAX_MODEL_NAME_CHARS = 200;
/** Largest uploaded dataset file (characters). */
export const MAX_DATASET_CHARS = 1_000_000;
/** Most examples an uploaded dataset may hold. */
export const MAX_DATASET_ROWS = 2_000;
/** Fewest examples a dataset needs (train, validation and test each get some). */
export const MIN_DATASET_ROWS = 3;
