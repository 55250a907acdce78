/** Judging replies: the LLM rubric judge and deterministic metrics. */
export * from "./llm-judge";
export * from "./metrics";
export * from "./prompt";
export * from "./scorer";
