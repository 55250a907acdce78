/** Promptune's optimisation engine: framework-free, talks to models only through ports. */
export * from "./ports";
