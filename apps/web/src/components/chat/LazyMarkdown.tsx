import { lazy, Suspense } from "react";
import { loadChunk } from "../../lib/chunks";

const Markdown = lazy(() => loadChunk("markdown", () => import("./Markdown")));

/** Markdown rendering loaded on first use; plain text until the renderer arrives. */
export function LazyMarkdown({ children }: { children: string }) {
  return (
    <Suspense fallback={<div style={{ whiteSpace: "pre-wrap" }}>{children}</div>}>
      <Markdown>{children}</Markdown>
    </Suspense>
  );
}
