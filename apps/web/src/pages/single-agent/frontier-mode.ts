/** The single-agent page's "Cost vs quality" card: the frontier and choice live in the single-run store; the choice is saved with the run. */
import { persistFrontierChoice } from "../../components/frontier/choice-sync";
import type { FrontierMode } from "../../components/frontier/FrontierSection";
import { useSingleRunStore } from "../../stores/single-run";

/** Frontier mode of the single-agent page. */
export const singleFrontierMode: FrontierMode = {
  useFrontier: () => useSingleRunStore((s) => s.frontier),
  useSelected: () => useSingleRunStore((s) => s.frontierSelected),
  select: (index) => {
    const store = useSingleRunStore.getState();
    store.selectFrontierPoint(index);
    void persistFrontierChoice(store.summary?.runId, index);
  },
};
