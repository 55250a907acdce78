/** Shared zod contracts and constants of Promptune: imported by the web app and the server. */
export * from "./agents";
export * from "./api";
export * from "./auth";
export * from "./chat";
export * from "./cli";
export * from "./constants";
export * from "./datasets";
export * from "./defaults";
export * from "./history";
export * from "./integration";
export * from "./llm";
export * from "./optimize";
export * from "./profile";
