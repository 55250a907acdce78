/**
 * Options of how a single-agent run chooses its temperature and presents the
 * score of its pick: probes at the end, the ties between temperatures, the
 * calls kept back for them, temperature edits inside the search, and the
 * fresh pass of the presented configuration. Defaults by metric are applied
 * in mechanisms.ts.
 */

/** How a run chooses the temperature and measures the presented configuration. */
export interface TemperatureChoiceOptions {
  /**
   * Single-agent with temperature tuning: score the final pick at temperature 0 and at the
   * starting temperature too (calls kept back for it) and keep the best, ties to the lower.
   * Default: true for the reference-based metrics (exact answers), whose prior (colder is at
   * least as good) makes the probe at 0 likely to pay; false for the LLM judge and a user's
   * scorer, where a probe costs a judged pass and the search's calls are worth more (the
   * temperature then moves only through the reflection's proposals, validated like any other).
   */
  temperatureByEvidence?: boolean;
  /**
   * The LLM judge and a user's scorer (no cold prior), in a run that starts at an end of the
   * temperature range (0–0.2 or 0.8–1): the end's probe is turned on and measures the final
   * pick at the middle of the range (0.5) instead of 0 and the start, when the pick's own
   * temperature still lies at an end; its whole pass is kept back. Far from the middle a
   * judged task can lose most to its temperature, and the reflection's small steps seldom
   * carry it across. Default true (docs/optimiser.md, "Session 27").
   */
  centreProbe?: boolean;
  /**
   * The LLM judge and a user's scorer, in a run that starts in the middle part of the
   * temperature range (0.3–0.7, the product's 0.7) with `temperatureByEvidence` off: when the
   * final pick's temperature drifted to an end (0–0.2 or 0.8–1), the pick is also measured at
   * the middle (0.5), in halves. The search keeps the probe's pass back only while its leading
   * candidate lies at an end, so a run that stays in the middle loses no calls to it; the
   * probe runs when the calls pay for all of it. The higher mean wins. Default true
   * (docs/optimiser.md, "Session 58").
   */
  centreProbeOnDrift?: boolean;
  /**
   * With `temperatureByEvidence`: each probe temperature answers the first half of the
   * validation set first and the second half only when it is not clearly worse than the pick
   * there; only the lowest other temperature is probed, so one validation pass is kept back
   * instead of two, and what the probe leaves measures the presented configuration afresh
   * (on at least half of the validation set when a whole pass is not paid for). Default true.
   */
  sequentialProbes?: boolean;
  /**
   * With `sequentialProbes` and the cold prior (`temperatureTiesToLower`): a probe colder than
   * the pick answers the whole validation set, never stopped after its first half. The
   * pick it is compared with won the pool's selection, so its own measurement is biased upwards,
   * while the prior favours the probe: a stop on half the set against that measurement turned
   * down temperatures that were better in truth. Default true (docs/optimiser.md, "Session 32").
   */
  coldProbeWhole?: boolean;
  /**
   * With `temperatureByEvidence`: a lower temperature within one paired standard error of the
   * best one wins (a prior that colder answers are at least as good). Default: true for the
   * reference-based metrics (exact answers), false for the LLM judge and a user's scorer, where
   * the best temperature depends on the task and only the higher mean wins (ties exactly equal
   * still go to the lower).
   */
  temperatureTiesToLower?: boolean;
  /**
   * With `temperatureByEvidence`: the probe's validation pass is kept back from the search (the
   * search stops early enough to pay for it). Off, only half of it is kept back — enough for a
   * partial fresh pass of the presented configuration, or the probe's first half — and the
   * search may spend the rest. Default: on for the reference-based metrics, whose prior (colder
   * is at least as good) makes the probe at 0 likely to pay; off for the LLM judge and a user's
   * scorer (whose runs probe only when `temperatureByEvidence` is turned on), where the best
   * temperature depends on the task and calls of the search are worth more than a probe within
   * the noise. The call budget counts the whole pass either way.
   */
  probeHeldBack?: boolean;
  /**
   * Single-agent with temperature tuning: a share of the search's proposals is the parent's
   * prompt at another probe temperature (0 or the starting one), tested like any proposal
   * (temperature-edit.ts); with `freshPresentedScore`, one validation pass is kept back to
   * measure the pick once more. Meant with `temperatureByEvidence` off. Default false.
   */
  temperatureEdits?: boolean;
  /**
   * After the temperature was chosen among several measurements (or, with temperature edits,
   * the pick among the search's candidates), measure the presented configuration once more on
   * the validation set and present that score: the winner's own measurement is the best of
   * several noisy ones.
   * Not in runs with candidate models, whose unspent calls go to the model sweep's
   * confirmation. Default true.
   */
  freshPresentedScore?: boolean;
  /**
   * Multi-agent runs at a call budget (`maxCalls`) without candidate models: the first part of
   * the validation set (`multiFreshPart`) is kept back, and the picked configuration answers at
   * least that part once more, more when the search left calls over, and is presented with that
   * measurement, which no choice saw. Its first measurement won the pool's choice and reads high
   * (about 4 points above the held-out score without this). Needs `freshPresentedScore`.
   * Default true.
   */
  multiFreshPass?: boolean;
  /**
   * With `multiFreshPass`: the fresh pass kept back is the first 1/`multiFreshPart` of the
   * validation set, rounded up. Default 4, a quarter (2, a half, until session 55).
   */
  multiFreshPart?: number;
  /**
   * Single-agent runs whose probe colder than the pick answers the whole validation set
   * (`coldProbeWhole`), without candidate models: half a validation pass more is kept back, and
   * after the probe the presented configuration answers at least that half once more and is
   * presented with that measurement. The probe's and the pick's own measurements both won a
   * choice; through the product's split (18 validation rows) they read about 6 points above
   * the held-out score in `sharp` without this. Needs `freshPresentedScore`. Default true.
   */
  probeFreshPass?: boolean;
}
