/**
 * The rule worlds of the quality benchmark (rule-world.ts): what each seed's
 * world is made of — its kinds, seed prompt, scoring, dilution, temperature
 * curve and reflection noise. The engine's mechanisms were first chosen in the
 * first three; the check worlds were added later to test them.
 */
import type { RuleWorldSpec } from "./rule-world-spec";

const lowIsBetter = (t: number) => 1 - 0.15 * t;
const midIsBetter = (t: number) => 1 - 0.3 * (t - 0.3) ** 2;
const highIsBetter = (t: number) => 1 - 0.4 * (t - 0.8) ** 2;
const gentleMiddle = (t: number) => 1 - 0.2 * (t - 0.5) ** 2;
const slightlyLow = (t: number) => 1 - 0.08 * t;
const nearlyFlat = (t: number) => 1 - 0.05 * (t - 0.6) ** 2;

/** The rule worlds beyond today's question-types world. */
export const RULE_WORLDS: RuleWorldSpec[] = [
  {
    name: "rubric",
    title: "Repair-shop intake replies",
    description: "Replies to repair requests, graded by a rubric.",
    metric: "judge",
    kinds: ["phone", "laptop", "tablet", "watch", "console", "camera"],
    rare: 2,
    seedPrompt: "Reply to the repair request with its case code.",
    core: "Reply to the repair request with its case code.",
    partial: 0.5,
    dilution: 0,
    temperature: midIsBetter,
    domainField: true,
  },
  {
    name: "rare",
    title: "Lab-result lookup",
    description: "Exact codes of lab results of several test kinds.",
    metric: "exact",
    kinds: ["blood", "urine", "tissue", "saliva", "spinal", "marrow", "sweat", "hair"],
    rare: 3,
    seedPrompt: "Answer with the result code only.",
    core: "Answer with the result code only.",
    partial: 0.4,
    dilution: 0,
    temperature: lowIsBetter,
    domainField: true,
  },
  {
    name: "dilute",
    title: "Parcel tracking codes",
    description: "Tracking codes for parcels of several services.",
    metric: "exact",
    kinds: ["express", "freight", "postal", "courier", "returns"],
    rare: 1,
    seedPrompt:
      "You are a friendly and knowledgeable assistant. Be helpful, accurate and professional. Answer with the tracking code only. Take care to do your best work at all times.",
    core: "Answer with the tracking code only.",
    partial: 0.5,
    dilution: 1 / 40,
    temperature: lowIsBetter,
    domainField: false,
  },
  {
    // A check world, added after every mechanism was chosen and never used to choose one: its
    // seed carries a harmful generic rule, a warmer temperature is better, and it mixes mild
    // dilution with the rubric world's judge.
    name: "booking",
    title: "Booking changes",
    description: "Replies to booking-change requests, graded by a rubric.",
    metric: "judge",
    kinds: ["flight", "hotel", "rail", "ferry", "car", "tour", "cruise"],
    rare: 2,
    seedPrompt:
      "Reply to the booking change with its reference. Always explain your reasoning before the answer.",
    core: "Reply to the booking change with its reference.",
    partial: 0.45,
    dilution: 1 / 80,
    temperature: highIsBetter,
    domainField: true,
  },
  {
    // A second check world, added in session 20 and never used to choose a mechanism: a sharp
    // reflection (one failure of a kind is usually enough to understand it, as the issue's own
    // outside measurement suggests of real models) that adds harmful rules and filler more often,
    // many kinds without a `domain` label, and mild dilution.
    name: "sharp",
    title: "Insurance claim routing",
    description: "Routing codes for insurance claims of many kinds.",
    metric: "exact",
    kinds: [
      "motor",
      "home",
      "travel",
      "pet",
      "health",
      "life",
      "marine",
      "crop",
      "cyber",
      "liability",
    ],
    rare: 2,
    seedPrompt: "Give the routing code of the claim.",
    core: "Give the routing code of the claim.",
    partial: 0.6,
    dilution: 1 / 100,
    temperature: lowIsBetter,
    domainField: false,
    reflection: { miss: 0.15, guessWrong: 0.2, harmful: 0.4, filler: 0.4, drop: 0.15 },
  },
  {
    // A third check world, added in session 20: a judged world whose reflection generalises —
    // having understood one kind, it often writes the fix of every kind that needs the same one, as
    // a real model that sees the common pattern would. Its first run showed the cost of the end's
    // temperature probe that led to that session's change (docs/optimiser.md, "Session 20").
    name: "general",
    title: "Help-desk ticket replies",
    description: "Replies to help-desk tickets of several kinds, graded by a rubric.",
    metric: "judge",
    kinds: ["login", "billing", "shipping", "refund", "account", "device", "privacy", "warranty"],
    rare: 2,
    seedPrompt: "Answer the ticket with its ticket code.",
    core: "Answer the ticket with its ticket code.",
    partial: 0.5,
    dilution: 0,
    temperature: gentleMiddle,
    domainField: true,
    reflection: { miss: 0.35, generalise: 0.7 },
  },
  {
    // A fourth check world, added in session 37 after every mechanism was chosen and never used to
    // choose one: an instruction every kind needs names nothing of the task (a format rule the
    // seed lacks, which the prunings of generic and unanchored instructions could lose), and a
    // long tail of kinds.
    name: "format",
    title: "Warranty claim lookups",
    description: "Claim codes for warranty claims on household appliances.",
    metric: "exact",
    kinds: [
      "fridge",
      "oven",
      "washer",
      "dryer",
      "kettle",
      "toaster",
      "blender",
      "heater",
      "vacuum",
    ],
    rare: 3,
    seedPrompt: "Give the claim code of the request.",
    core: "Give the claim code of the request.",
    partial: 0.5,
    dilution: 1 / 120,
    temperature: slightlyLow,
    domainField: false,
    format: {
      rule: "Never add a greeting or a sign-off.",
      vague: "Keep the reply tidy.",
      slip: 0.35,
    },
  },
  {
    // A fifth check world, added in session 37 after every mechanism was chosen and never used to
    // choose one: judged, and its reflection often states a fix without its condition ("Always
    // give the code in capitals."), which helps the kinds that need that fix and hurts every other
    // kind that has no rule of its own; the temperature barely matters, so the share measures the
    // prompt search.
    name: "scope",
    title: "Pharmacy refill replies",
    description: "Replies to prescription refill requests, graded by a rubric.",
    metric: "judge",
    kinds: ["insulin", "inhaler", "antibiotic", "statin", "vaccine", "ointment", "eyedrop"],
    rare: 2,
    seedPrompt: "Answer the refill request with its prescription code.",
    core: "Answer the refill request with its prescription code.",
    partial: 0.5,
    dilution: 1 / 100,
    temperature: nearlyFlat,
    domainField: true,
    reflection: { overreach: 0.4 },
  },
  {
    // A sixth check world, added in session 48 after every mechanism was chosen and never used to
    // choose one: every example needs two instructions — its kind's and that of an unlabelled
    // facet (the request's channel) whose suffix a right code carries — so a failure may be owed
    // to either, one facet value is rare and no field names the facet.
    name: "facets",
    title: "Shipment exception codes",
    description: "Exception codes for shipments of several kinds, sent by several channels.",
    metric: "exact",
    kinds: ["parcel", "pallet", "letter", "container", "cold", "bulky"],
    rare: 1,
    seedPrompt: "Give the exception code of the shipment.",
    core: "Give the exception code of the shipment.",
    partial: 0.5,
    dilution: 1 / 100,
    temperature: slightlyLow,
    domainField: true,
    facets: { values: ["overseas", "express", "returned", "insured"], rare: 1 },
  },
];
