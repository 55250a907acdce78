/**
 * jsdom has no `document.fonts`; Mantine's autosize Textarea listens to it.
 * Import this in tests that render an autosize Textarea.
 */
if (!("fonts" in document)) {
  Object.defineProperty(document, "fonts", {
    configurable: true,
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });
}
