export { MultiRunInsights, SingleRunInsights } from "./PageInsights";
export { PickReason } from "./PickReason";
export { RunInsights, type RunInsightsProps } from "./RunInsights";
export { useMultiRunId, useMultiVerdict, useSingleRunId, useSingleVerdict } from "./verdict";
