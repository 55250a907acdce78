import { Button, Center, Loader } from "@mantine/core";
import { useEffect, useRef } from "react";

/** Texts of the end of the History list. */
export const LOAD_MORE_TEXT = { button: "Load more", loading: "Loading more history..." } as const;

/** How far below the viewport the list's end starts loading the next page. */
const AHEAD = "300px";

/**
 * The end of the History list: when it scrolls into view (or is in view
 * already, as when the first page does not fill the screen) it asks for the
 * next page; while that loads it shows a loader, otherwise a 'Load more'
 * button for keyboards, which is also the only retry after a failed page
 * (scrolling never hammers a failing server).
 */
export function LoadMore({
  loading,
  auto,
  onLoad,
}: {
  loading: boolean;
  /** Load when the end comes into view (false after a failed page: only the button retries). */
  auto: boolean;
  onLoad: () => void;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoad);
  load.current = onLoad;
  // Observed afresh after every load: a new observer reports at once whether
  // the end is still in view (a short page), which asks for the next one.
  useEffect(() => {
    const node = sentinel.current;
    if (loading || !auto || !node || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) load.current();
      },
      { rootMargin: `0px 0px ${AHEAD} 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [loading, auto]);
  return (
    <Center ref={sentinel} data-testid="history-load-more" py="sm">
      {loading ? (
        <Loader size="sm" aria-label={LOAD_MORE_TEXT.loading} />
      ) : (
        <Button variant="subtle" size="xs" onClick={onLoad}>
          {LOAD_MORE_TEXT.button}
        </Button>
      )}
    </Center>
  );
}
