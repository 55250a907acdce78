import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { loadChunk } from "./chunks";

/** A page whose code is its own chunk: the lazy component and a way to start loading it early. */
export interface LazyPage {
  Component: LazyExoticComponent<ComponentType>;
  /** Starts (once) loading the chunk; the component then renders without waiting again. */
  preload(): void;
  /** The shared load the component uses: resolves with the page module or rejects with ChunkLoadError. */
  load(): Promise<{ default: ComponentType }>;
}

/**
 * Wraps a page's dynamic import: one shared load (with the spec's 120 s
 * timeout and ChunkLoadError 'Loading chunk {n} failed') used both by the lazy
 * component and by `preload`, which the router calls for the address being
 * opened before React first renders.
 */
export function lazyPage(name: string, load: () => Promise<{ default: ComponentType }>): LazyPage {
  let pending: Promise<{ default: ComponentType }> | null = null;
  const start = () => {
    pending ??= loadChunk(name, load).catch((error: unknown) => {
      pending = null; // a later render (after the error screen's reload) tries again
      throw error;
    });
    return pending;
  };
  return {
    Component: lazy(start),
    load: start,
    preload: () => {
      start().catch(() => {
        // The lazy component raises the same failure to the error screen.
      });
    },
  };
}
