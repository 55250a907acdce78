/**
 * Response schemas loaded on first use. The web app validates what the server
 * sends with the shared zod contracts, but zod and the schemas are not needed
 * to paint a page: they are one chunk, fetched with the first validated
 * response. Constants still come from "@promptune/contracts" directly (they
 * carry no schema code); a schema used here is listed in contract-schemas.ts.
 */

import type { z } from "zod";
import { loadChunk } from "../lib/chunks";
import type { SchemaLoader } from "./client";
import type * as Contracts from "./contract-schemas";

/** The contracts' schemas with zod (one chunk, loaded once). */
export function loadContracts(): Promise<typeof Contracts> {
  return loadChunk("contracts", () => import("./contract-schemas"));
}

/** A schema loader for `api` calls: picks a schema from the lazily loaded contracts. */
export function lazySchema<S extends z.ZodType>(
  pick: (contracts: typeof Contracts) => S,
): SchemaLoader<z.output<S>> {
  return () => loadContracts().then((contracts) => pick(contracts) as z.ZodType<z.output<S>>);
}
