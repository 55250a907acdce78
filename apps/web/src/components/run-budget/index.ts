/** Run budget and honest numbers, shared by the Single-Agent and Multi-Agent pages. */
export { describeEstimate, describeHeldOut, describeScores } from "./format";
export { HeldOutResult } from "./HeldOutResult";
export { type CurrentEstimate, RunEstimateLine, useRunEstimate } from "./RunEstimateLine";
