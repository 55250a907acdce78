/**
 * /home after a run was loaded (from history or a permalink): the page adds
 * the run's permalink (`?run=<id>`) once the run is shown, so either form may
 * be current when a test looks.
 */
export const LOADED_RUN_URL = /\/home(\?run=[0-9a-f-]+)?$/;
