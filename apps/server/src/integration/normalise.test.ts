import { describe, expect, it } from "vitest";
import { isValidUsername, normaliseFriends, usernameKey, withAt } from "./normalise";
import { commandOf } from "./telegram/conversation";
import { splitMessage } from "./telegram/format";

describe("username normalisation", () => {
  it("adds a single leading @ and compares case-insensitively", () => {
    expect(withAt("  alice ")).toBe("@alice");
    expect(withAt("@Alice")).toBe("@Alice");
    expect(withAt("   ")).toBe("");
    expect(usernameKey("Alice_1")).toBe("@alice_1");
    expect(usernameKey("@ALICE_1")).toBe("@alice_1");
  });

  it("accepts Telegram's username characters only", () => {
    expect(isValidUsername("@bob_42")).toBe(true);
    expect(isValidUsername("@")).toBe(false);
    expect(isValidUsername("bob")).toBe(false);
    expect(isValidUsername("@bob smith")).toBe(false);
    expect(isValidUsername(`@${"a".repeat(33)}`)).toBe(false);
  });

  it("splits friends on commas, trims, drops empties, duplicates and the owner", () => {
    expect(normaliseFriends(["bob, @Carol,, ", "BOB", " dave", "@", "@Owner"], "@owner")).toEqual([
      "@bob",
      "@Carol",
      "@dave",
    ]);
    expect(normaliseFriends([], "@owner")).toEqual([]);
  });
});

describe("bot commands", () => {
  it("reads /start, /reset and addressed commands; plain text is no command", () => {
    expect(commandOf("/start")).toBe("start");
    expect(commandOf("  /RESET please")).toBe("reset");
    expect(commandOf("/start@bakery_bot")).toBe("start");
    expect(commandOf("hello /start")).toBeNull();
    expect(commandOf("/ start")).toBeNull();
  });
});

describe("splitting replies for Telegram", () => {
  it("keeps short replies whole and trims them", () => {
    expect(splitMessage("  hello \r\n world  ")).toEqual(["hello \n world"]);
    expect(splitMessage("   ")).toEqual([]);
  });

  it("splits on paragraph, line and word boundaries within the limit", () => {
    const para = `${"a".repeat(60)}\n\n${"b".repeat(60)}`;
    expect(splitMessage(para, 100)).toEqual(["a".repeat(60), "b".repeat(60)]);
    const words = Array.from({ length: 50 }, (_, i) => `word${i}`).join(" ");
    const parts = splitMessage(words, 40);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(40);
    expect(parts.join(" ")).toBe(words);
  });

  it("cuts text without boundaries at the limit but never inside an emoji", () => {
    expect(splitMessage("x".repeat(250), 100).map((p) => p.length)).toEqual([100, 100, 50]);
    const emoji = `${"x".repeat(99)}😀${"y".repeat(10)}`;
    const [first, second] = splitMessage(emoji, 100);
    expect(first).toBe("x".repeat(99));
    expect(second).toBe(`😀${"y".repeat(10)}`);
  });
});
