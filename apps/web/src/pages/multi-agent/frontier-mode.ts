/** The multi-agent page's "Cost vs quality" card: the frontier and choice live in the multi-run store. */
import type { FrontierMode } from "../../components/frontier/FrontierSection";
import { useMultiRunStore } from "../../stores/multi-run";

/** Frontier mode of the multi-agent page. */
export const multiFrontierMode: FrontierMode = {
  useFrontier: () => useMultiRunStore((s) => s.frontier),
  useSelected: () => useMultiRunStore((s) => s.frontierSelected),
  select: (index) => useMultiRunStore.getState().selectFrontierPoint(index),
};
