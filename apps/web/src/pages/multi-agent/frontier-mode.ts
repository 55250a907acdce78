/** The multi-agent page's "Cost vs quality" card: the frontier and choice live in the multi-run store; the choice is saved with the run. */
import { persistFrontierChoice } from "../../components/frontier/choice-sync";
import type { FrontierMode } from "../../components/frontier/FrontierSection";
import { useMultiRunStore } from "../../stores/multi-run";

/** Frontier mode of the multi-agent page. */
export const multiFrontierMode: FrontierMode = {
  useFrontier: () => useMultiRunStore((s) => s.frontier),
  useSelected: () => useMultiRunStore((s) => s.frontierSelected),
  select: (index) => {
    const store = useMultiRunStore.getState();
    store.selectFrontierPoint(index);
    void persistFrontierChoice(store.frontierRunId, index);
  },
};
