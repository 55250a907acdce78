/**
 * The rule worlds written in another language (`--language fr`): a team that
 * works in French writes its seed prompt, its rubric and its conversations in
 * French, and a reflection model asked about French prompts writes French
 * rules ("Pour les cas insulin, citez le code exact."). The world reads those
 * rules exactly as it reads the English ones; only the engine's reading of a
 * prompt (which sentence names a case, which names nothing of the task) can
 * differ, which is what this check measures. The kinds keep their labels, as
 * a dataset's `domain` values often stay identifiers.
 */
import type { RuleWorldSpec } from "./rule-world-spec";

/** What a language gives the rule worlds: every sentence the world or its reflection writes. */
export interface WorldLanguage {
  /** The key phrases of the kinds' right rules (one per fix). */
  phrases: string[];
  /** The vague paraphrase that omits the key fact. */
  vague: string;
  /** A kind's rule in each wording with the same effect; the first is the usual one. */
  forms(kind: string, phrase: string): string[];
  /** A kind's rule as a bold label (the `sections` layout). */
  labelled(kind: string, phrase: string): string;
  /** The kind and phrase of a rule in any wording; undefined for other sentences. */
  parse(sentence: string): { kind: string; phrase: string } | undefined;
  /** A fix stated for every case. */
  overreach(phrase: string): string;
  harmful: string[];
  filler: string[];
  greeting: string;
  signOff: string;
  sectionHeading: string;
  /** A request's text; it holds `[id]`, which the world's models read. */
  question(id: string, kind: string): string;
  /** The judged worlds' two rubric items. */
  rubric: [string, string];
  /** Each world's own sentences, by world name. */
  worlds: Record<
    string,
    Pick<RuleWorldSpec, "title" | "description" | "seedPrompt" | "core"> & {
      format?: { rule: string; vague: string };
    }
  >;
}

/**
 * `--language fr-long`: each French request opens and closes as a customer
 * writes it ("Bonjour, j'ai une question sur mon dossier. … Merci pour votre
 * aide."), so the task's own text holds the language's function words, as
 * real conversations do.
 */
export const frenchRequests = { long: false };

/** The French rule worlds. */
export const FRENCH: WorldLanguage = {
  phrases: [
    "citez le code exact",
    "donnez le code puis sa clé de contrôle",
    "donnez le code en majuscules",
  ],
  vague: "respectez le format habituel",
  forms: (kind, phrase) => [
    `Pour les cas ${kind}, ${phrase}.`,
    `Dans les cas ${kind}, ${phrase}.`,
    `Lorsque le dossier est un cas ${kind}, ${phrase}.`,
  ],
  labelled: (kind, phrase) => `**Cas ${kind} :** ${phrase}.`,
  parse(sentence) {
    const m =
      /^pour les cas ([a-z]+), (.+)\.$/i.exec(sentence) ??
      /^dans les cas ([a-z]+), (.+)\.$/i.exec(sentence) ??
      /^lorsque le dossier est un cas ([a-z]+), (.+)\.$/i.exec(sentence) ??
      /^\*\*cas ([a-z]+) :\*\* (.+)\.$/i.exec(sentence);
    return m
      ? { kind: (m[1] as string).toLowerCase(), phrase: (m[2] as string).toLowerCase() }
      : undefined;
  },
  overreach: (phrase) => `Dans tous les cas, ${phrase}.`,
  harmful: [
    "Gardez chaque réponse courte.",
    "Confiez toujours le dossier à une personne en cas de doute.",
    "Expliquez toujours votre raisonnement avant la réponse.",
  ],
  filler: [
    "Soyez serviable, précis et professionnel.",
    "Visez la qualité dans chaque réponse.",
    "Faites de votre mieux en toutes circonstances.",
    "Votre objectif est de donner d'excellentes réponses.",
    "Pensez à ce dont l'utilisateur a vraiment besoin.",
  ],
  greeting: "Bonjour, merci de nous avoir écrit !",
  signOff: "Cordialement.",
  sectionHeading: "## Consignes",
  question: (id, kind) =>
    frenchRequests.long
      ? `[${id}] Bonjour, j'ai une question sur mon dossier. Il s'agit d'un cas ${kind} : quel est le code du dossier ${id} ? Merci pour votre aide.`
      : `[${id}] Un cas ${kind} : quel est le code du dossier ${id} ?`,
  rubric: ["donne le bon code du dossier", "couvre chaque étape dont le dossier a besoin"],
  worlds: {
    rubric: {
      title: "Réponses de prise en charge en atelier de réparation",
      description: "Réponses aux demandes de réparation, notées selon une grille.",
      seedPrompt: "Répondez à la demande de réparation avec son code de dossier.",
      core: "Répondez à la demande de réparation avec son code de dossier.",
    },
    rare: {
      title: "Consultation de résultats de laboratoire",
      description: "Codes exacts de résultats de laboratoire de plusieurs types d'analyse.",
      seedPrompt: "Répondez uniquement avec le code du résultat.",
      core: "Répondez uniquement avec le code du résultat.",
    },
    dilute: {
      title: "Codes de suivi de colis",
      description: "Codes de suivi de colis de plusieurs services.",
      seedPrompt:
        "Vous êtes un assistant aimable et compétent. Soyez serviable, précis et professionnel. Répondez uniquement avec le code de suivi. Faites de votre mieux en toutes circonstances.",
      core: "Répondez uniquement avec le code de suivi.",
    },
    booking: {
      title: "Modifications de réservation",
      description: "Réponses aux demandes de modification de réservation, notées selon une grille.",
      seedPrompt:
        "Répondez à la modification de réservation avec sa référence. Expliquez toujours votre raisonnement avant la réponse.",
      core: "Répondez à la modification de réservation avec sa référence.",
    },
    sharp: {
      title: "Orientation des déclarations de sinistre",
      description: "Codes d'orientation des déclarations de sinistre de nombreux types.",
      seedPrompt: "Donnez le code d'orientation de la déclaration.",
      core: "Donnez le code d'orientation de la déclaration.",
    },
    general: {
      title: "Réponses aux tickets d'assistance",
      description: "Réponses aux tickets d'assistance de plusieurs types, notées selon une grille.",
      seedPrompt: "Répondez au ticket avec son code de ticket.",
      core: "Répondez au ticket avec son code de ticket.",
    },
    format: {
      title: "Consultation de demandes de garantie",
      description: "Codes des demandes de garantie sur des appareils électroménagers.",
      seedPrompt: "Donnez le code de la demande de garantie.",
      core: "Donnez le code de la demande de garantie.",
      format: {
        rule: "N'ajoutez jamais de formule de salutation ni de signature.",
        vague: "Gardez la réponse soignée.",
      },
    },
    scope: {
      title: "Réponses aux demandes de renouvellement d'ordonnance",
      description: "Réponses aux demandes de renouvellement d'ordonnance, notées selon une grille.",
      seedPrompt: "Répondez à la demande de renouvellement avec son code d'ordonnance.",
      core: "Répondez à la demande de renouvellement avec son code d'ordonnance.",
    },
  },
};

/** `spec` in `language`: its title, description, seed prompt, core and format rule translated. */
export function specIn(spec: RuleWorldSpec, language: WorldLanguage | undefined): RuleWorldSpec {
  const own = language?.worlds[spec.name];
  if (!language || !own) return spec;
  const { format, ...text } = own;
  return {
    ...spec,
    ...text,
    ...(spec.format && format ? { format: { ...spec.format, ...format } } : {}),
  };
}
