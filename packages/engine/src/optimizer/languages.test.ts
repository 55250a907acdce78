import { describe, expect, it } from "vitest";
import { isAnchored, taskVocabulary, textLanguage } from "./anchors";
import { conditionOf } from "./instructions";

describe("prompts in other languages", () => {
  it("reads a French, Spanish or German case opening, and a universal one as no case", () => {
    expect(conditionOf("Pour les cas insulin, citez le code exact.")).toBe("cas insulin");
    expect(conditionOf("**Cas insulin :** citez le code exact.")).toBe("cas insulin");
    expect(conditionOf("Para los reembolsos, indique el número.")).toBe("reembolsos");
    expect(conditionOf("Wenn der Kunde fragt, nenne den Code.")).toBe("wenn der kunde fragt");
    expect(conditionOf("Pour toute demande, soyez bref.")).toBeNull();
    expect(conditionOf("Per company policy, be brief.")).toBeNull();
  });

  it("detects the task's language and keeps its function words out of the vocabulary", () => {
    expect(textLanguage(["Réponses aux demandes de réparation, notées selon une grille."])).toBe(
      "fra",
    );
    expect(textLanguage(["Replies to repair requests, graded by a rubric."])).toBe("eng");
    const vocabulary = taskVocabulary({ title: "Suivi de colis" }, [
      {
        id: "a",
        dialog: [{ type: "human", content: "Bonjour, merci pour votre aide avec mon colis." }],
        rubric: [],
      },
    ] as never);
    expect(isAnchored("Faites de votre mieux en toutes circonstances.", vocabulary)).toBe(false);
    expect(isAnchored("Donnez le code du colis.", vocabulary)).toBe(true);
  });
});
