/**
 * The version `promptune --version` prints: the `promptune` package's
 * version (packages/cli/build.mjs refuses to build when they differ).
 */
export const CLI_VERSION = "0.1.0";
