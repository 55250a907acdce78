import { Anchor, Group, Text } from "@mantine/core";
import { csvTemplate, jsonlTemplate } from "./dataset-preview";

/** Saves `text` as a file named `name` through a temporary object URL. */
function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Links that download a filled-in template of each upload format (issue 26 §3 item 15). */
export function DatasetTemplates() {
  return (
    <Group gap="xs" data-testid="dataset-templates">
      <Text size="sm">Templates:</Text>
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() =>
          download("promptune-dataset-template.jsonl", "application/jsonl", jsonlTemplate())
        }
      >
        JSONL template
      </Anchor>
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => download("promptune-dataset-template.csv", "text/csv", csvTemplate())}
      >
        CSV template
      </Anchor>
      <Text size="sm" c="dimmed">
        (a plain question,answer CSV works too)
      </Text>
    </Group>
  );
}
