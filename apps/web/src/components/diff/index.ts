export { ConfigDiff, DiffDisclosure, PromptDiff } from "./PromptDiff";
export { type DiffEntry, type DiffTeam, teamDiffEntries, wordDiff } from "./word-diff";
