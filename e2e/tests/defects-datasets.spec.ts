import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { signInWithMagicLink, uniqueEmail } from "../harness/auth";

/**
 * Issue 26 §3 items 8, 9 and 15: the upload dialog forgets a cancelled
 * upload and follows a newly chosen file; templates download; a file is
 * previewed before upload; a plain question,answer CSV is accepted; the
 * multi-agent page offers uploaded datasets (by title) and runs on one; the
 * datasets page views, renames and deletes the user's datasets.
 */

const QA_CSV = [
  "question,answer",
  "What is the capital of France?,Paris",
  "What is the capital of Italy?,Rome",
  '"Capital of Spain, please?",Madrid',
  "",
].join("\n");

const csvFile = (name: string, text = QA_CSV) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(text),
});

/** Opens the upload dialog from a page's dataset select. */
async function openUpload(page: Page, selectId: string) {
  await page.getByTestId(selectId).click();
  await page.getByRole("option", { name: "Upload dataset…" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload dataset" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("multi-agent: upload a question,answer CSV (templates, preview, reset) and optimise on it", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithMagicLink(page, uniqueEmail("ma-upload"));
  await expect(page.getByTestId("multi-agent-page")).toBeVisible();

  let dialog = await openUpload(page, "ma-dataset");
  // Templates of both formats download and are valid examples.
  for (const [label, marker] of [
    ["JSONL template", '"dialog"'],
    ["CSV template", "id,input,reference,rubric"],
  ] as const) {
    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: label }).click();
    const file = await (await download).path();
    expect(await readFile(file, "utf8")).toContain(marker);
  }

  // Choosing a file names the dataset after it and previews its first rows.
  const fileInput = dialog.locator('input[type="file"]');
  await fileInput.setInputFiles(csvFile("first-try.csv"));
  await expect(dialog.getByLabel("Name")).toHaveValue("first-try");
  await expect(dialog.getByTestId("upload-preview-row")).toHaveCount(3);
  await expect(dialog.getByTestId("upload-preview")).toContainText("Capital of Spain, please?");
  // A new file replaces a name that came from the previous file.
  await fileInput.setInputFiles(csvFile("capitals-quiz.csv"));
  await expect(dialog.getByLabel("Name")).toHaveValue("capitals-quiz");
  // Cancel forgets everything.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  dialog = await openUpload(page, "ma-dataset");
  await expect(dialog.getByLabel("Name")).toHaveValue("");
  await expect(dialog.getByTestId("upload-preview")).toHaveCount(0);

  await dialog.locator('input[type="file"]').setInputFiles(csvFile("capitals-quiz.csv"));
  await dialog.getByLabel("Title").fill("Capitals quiz");
  await dialog.getByLabel("Task").fill("A quiz master who names the capital of a country.");
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(dialog).toBeHidden();
  // The multi-agent select shows the uploaded dataset by its title and uses it.
  await expect(page.getByTestId("ma-dataset")).toHaveValue("Capitals quiz");

  await page.getByTestId("ma-iterations").fill("1");
  await page.getByTestId("ma-iterations").blur();
  await page.getByTestId("ma-optimize").click();
  await expect(page.getByText("Multi-Agent Optimization Completed!")).toBeVisible({
    timeout: 180_000,
  });
  const history = await page.request.get("/api/auto-tune/optimize/history?mode=multi");
  const [run] = (await history.json()).data as Array<{
    status: string;
    configuration: { dataset_name: string };
  }>;
  expect(run?.status).toBe("completed");
  expect(run?.configuration.dataset_name).toBe("capitals-quiz");
  // The task text given at upload is kept for the optimiser and shown with the dataset.
  const detail = await page.request.get("/api/datasets/capitals-quiz");
  expect((await detail.json()).data.task).toBe("A quiz master who names the capital of a country.");

  // Items 13–14 on this page: export the presented configuration and use it.
  const actions = page
    .getByTestId("ma-optimized-carousel")
    .getByTestId("ma-configuration-actions")
    .first();
  const exported = page.waitForEvent("download");
  await actions.getByRole("button", { name: "Export" }).click();
  const json = JSON.parse(await readFile(await (await exported).path(), "utf8"));
  expect(json["master-agent"].prompt.length).toBeGreaterThan(0);
  expect(json["worker-agents"].length).toBeGreaterThan(0);
  // The presented iteration's button is the primary one; none is when nothing beat the initial.
  const carousel = page.getByTestId("ma-optimized-carousel");
  expect(await carousel.locator('button[data-presented="true"]').count()).toBeLessThanOrEqual(1);
  await actions.getByRole("button", { name: "Use this configuration" }).click();
  await expect(page.getByText("This configuration is now in the editor above.")).toBeVisible();
});

test("datasets page: view, rename and delete your own datasets", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithMagicLink(page, uniqueEmail("datasets-page"));
  const up = await page.request.post("/api/datasets", {
    data: { name: "my-quiz", title: "My quiz", format: "csv", content: QA_CSV },
  });
  expect(up.status()).toBe(201);

  await page.getByTestId("profile-menu").click();
  await page.getByRole("menuitem", { name: "Datasets" }).click();
  await expect(page).toHaveURL(/\/datasets$/);
  const row = page.getByTestId("own-dataset");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("My quiz");
  await expect(row).toContainText("3");
  await expect(page.getByTestId("bundled-dataset").first()).toBeVisible();

  await row.getByRole("button", { name: "View" }).click();
  const view = page.getByTestId("dataset-view");
  await expect(view.getByTestId("dataset-example")).toHaveCount(3);
  await expect(view).toContainText("What is the capital of Italy?");
  await page.keyboard.press("Escape");

  await row.getByRole("button", { name: "Rename" }).click();
  const rename = page.getByRole("dialog", { name: "Rename dataset" });
  await rename.getByLabel("Title").fill("European capitals");
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(rename).toBeHidden();
  await expect(row).toContainText("European capitals");
  const listed = await (await page.request.get("/api/datasets")).json();
  expect(listed.data.find((d: { name: string }) => d.name === "my-quiz")?.title).toBe(
    "European capitals",
  );

  await row.getByRole("button", { name: "Delete" }).click();
  await page
    .getByRole("dialog", { name: "Delete dataset?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByTestId("own-dataset")).toHaveCount(0);
  await expect(page.getByTestId("no-own-datasets")).toBeVisible();
  expect((await page.request.get("/api/datasets/my-quiz")).status()).toBe(404);
});
