/**
 * `npx tsx apps/server/src/cli/config/write-schema.ts`: regenerates
 * packages/cli/promptune.config.schema.json from the zod schema.
 */
import { writeFileSync } from "node:fs";
import { configJsonSchemaText } from "./json-schema";

const target = new URL("../../../../../packages/cli/promptune.config.schema.json", import.meta.url);
writeFileSync(target, configJsonSchemaText());
console.log(`wrote ${target.pathname}`);
