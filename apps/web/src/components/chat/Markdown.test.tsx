import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import Markdown from "./Markdown";

function hrefOf(markdown: string): string | null {
  const { container } = render(<Markdown>{markdown}</Markdown>);
  return container.querySelector("a")?.getAttribute("href") ?? null;
}

describe("Markdown", () => {
  it("keeps only links with no scheme or an allowed scheme", () => {
    expect(hrefOf("[a](https://example.com/x)")).toBe("https://example.com/x");
    expect(hrefOf("[a](http://example.com)")).toBe("http://example.com");
    expect(hrefOf("[a](mailto:me@example.com)")).toBe("mailto:me@example.com");
    expect(hrefOf("[a](irc://irc.example.net/chan)")).toBe("irc://irc.example.net/chan");
    expect(hrefOf("[a](ircs://irc.example.net/chan)")).toBe("ircs://irc.example.net/chan");
    expect(hrefOf("[a](xmpp:me@example.com)")).toBe("xmpp:me@example.com");
    expect(hrefOf("[a](/relative/path)")).toBe("/relative/path");
    expect(hrefOf("[a](#section)")).toBe("#section");
    expect(hrefOf("[a](javascript:alert(1))")).toBe("");
    expect(hrefOf("[a](data:text/html;base64,PHNjcmlwdD4=)")).toBe("");
    expect(hrefOf("[a](vbscript:msgbox)")).toBe("");
    expect(hrefOf("[a](ftp://example.com)")).toBe("");
  });

  it("shows images as links and never fetches them; unsafe image sources become plain text", () => {
    const { container } = render(
      <Markdown>
        {"![x](javascript:alert(1)) ![y](https://example.com/a.png) ![](https://example.com/b.png)"}
      </Markdown>,
    );
    expect(container.querySelectorAll("img")).toHaveLength(0);
    const links = [...container.querySelectorAll("a")].map((a) => [
      a.getAttribute("href"),
      a.textContent,
    ]);
    expect(links).toEqual([
      ["https://example.com/a.png", "Image: y"],
      ["https://example.com/b.png", "https://example.com/b.png"],
    ]);
    expect(container.textContent).toContain("x");
  });

  it("opens links in a new tab without opener access", () => {
    const { container } = render(<Markdown>{"see https://example.com"}</Markdown>);
    const a = container.querySelector("a");
    expect(a?.getAttribute("target")).toBe("_blank");
    expect(a?.getAttribute("rel")).toContain("noopener");
  });

  it("renders tables, task lists and highlighted code", () => {
    const md = [
      "| a | b |",
      "|---|---|",
      "| 1 | 2 |",
      "",
      "- [x] done",
      "- [ ] todo",
      "",
      "```js",
      "const x = 1;",
      "```",
    ].join("\n");
    const { container } = render(<Markdown>{md}</Markdown>);
    expect(container.querySelectorAll("table td")).toHaveLength(2);
    const boxes = [...container.querySelectorAll<HTMLInputElement>("input[type=checkbox]")];
    expect(boxes.map((b) => b.checked)).toEqual([true, false]);
    const code = container.querySelector("pre code");
    expect(code?.className).toContain("hljs");
    expect(code?.querySelector(".hljs-keyword")?.textContent).toBe("const");
  });
});
