/**
 * The JSON schema of promptune.config.yaml for editors (YAML language
 * servers read `# yaml-language-server: $schema=…` or a `$schema` key),
 * generated from the zod schema so the two never disagree. The committed
 * copy ships in the `promptune` package; a unit test keeps it current.
 */
import { PromptuneConfigSchema } from "@promptune/contracts";
import { z } from "zod";

/** The JSON schema text (Draft 2020-12) of the config file. */
export function configJsonSchemaText(): string {
  const schema = z.toJSONSchema(PromptuneConfigSchema, { io: "input", unrepresentable: "any" });
  return `${JSON.stringify(
    {
      ...schema,
      title: "promptune.config.yaml",
      description:
        "What `promptune eval -c` and `promptune optimize -c` run: a dataset, prompts × models × temperatures, a metric or assertions, thresholds.",
    },
    null,
    2,
  )}\n`;
}
