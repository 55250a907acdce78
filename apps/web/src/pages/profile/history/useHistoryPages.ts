import type { HistoryRecord, RunMode } from "@promptune/contracts";
import {
  type Dispatch,
  type SetStateAction,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { fetchHistoryPage } from "../../../api/history";
import { sortNewestFirst } from "./mapping";

/** The History tab's pages: what is loaded so far and how to load the next page. */
export interface HistoryPages {
  records: HistoryRecord[];
  /** Replaces loaded records (after a step is selected). */
  setRecords: Dispatch<SetStateAction<HistoryRecord[]>>;
  /** True while the first page loads. */
  loading: boolean;
  /** True while a further page loads. */
  loadingMore: boolean;
  /** True while the server has runs beyond the loaded ones. */
  hasMore: boolean;
  /** True after a further page failed, until the next try (scrolling does not retry it). */
  failed: boolean;
  /** Loads the next page (ignored while one loads or when none is left). */
  loadMore: () => void;
}

/** Appends a page, keeping the newest-first order and each run once. */
function merge(loaded: HistoryRecord[], page: HistoryRecord[]): HistoryRecord[] {
  const known = new Set(loaded.map((r) => r.id));
  return sortNewestFirst([...loaded, ...page.filter((r) => !known.has(r.id))]);
}

/**
 * The signed-in user's history of `mode`, a page at a time (the server pages
 * by 20): the first page when `enabled` or the mode changes, further pages
 * on `loadMore` (the tab calls it when its end scrolls into view). A failed
 * first page is only logged and shows the empty state (spec §8); a failed
 * further page keeps what is shown and may be retried.
 */
export function useHistoryPages(mode: RunMode, enabled: boolean): HistoryPages {
  const [records, setRecords] = useState<HistoryRecord[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [cursor, setCursor] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  // The load in progress (first or further page); a new mode aborts it.
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    inFlight.current?.abort();
    inFlight.current = controller;
    setLoading(true);
    setLoadingMore(false);
    setFailed(false);
    setCursor(null);
    fetchHistoryPage(mode, null, controller.signal)
      .then((page) => {
        setRecords(sortNewestFirst(page.records));
        setCursor(page.nextCursor);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error("Failed to load history", error);
        setRecords([]);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [enabled, mode]);

  const loadMore = useCallback(() => {
    if (!cursor || loading || loadingMore) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setLoadingMore(true);
    setFailed(false);
    fetchHistoryPage(mode, cursor, controller.signal)
      .then((page) => {
        if (controller.signal.aborted) return;
        setRecords((loaded) => merge(loaded, page.records));
        setCursor(page.nextCursor);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error("Failed to load more history", error);
        setFailed(true);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoadingMore(false);
      });
  }, [cursor, loading, loadingMore, mode]);

  useEffect(() => () => inFlight.current?.abort(), []);

  return { records, setRecords, loading, loadingMore, hasMore: cursor !== null, failed, loadMore };
}
