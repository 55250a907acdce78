import { describe, expect, it } from "vitest";
import { jsonTextOf } from "./json-text";

describe("the JSON object in a model's answer", () => {
  const object = '{"prompt":"Use {braces} and ```code```.","rationale":"r"}';

  it("keeps an answer that is JSON as it is, fences inside its strings included", () => {
    expect(jsonTextOf(`  ${object}\n`)).toBe(object);
    expect(jsonTextOf("[1, 2]")).toBe("[1, 2]");
  });

  it("takes the object out of a fence or a sentence around it", () => {
    expect(jsonTextOf(`\`\`\`json\n${object}\n\`\`\``)).toBe(object);
    expect(jsonTextOf(`Here is the proposal:\n\n\`\`\`\n${object}\n\`\`\`\nHope it helps.`)).toBe(
      object,
    );
    expect(jsonTextOf(`Verdict: ${object}`)).toBe(object);
  });

  it("leaves text without an object for the parser to reject", () => {
    expect(jsonTextOf("I cannot grade this.")).toBe("I cannot grade this.");
  });
});
