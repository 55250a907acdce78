/** Datasets: parsing, validation, stable splits and minibatch sampling. */
export * from "./bundled";
export * from "./minibatch";
export * from "./parse";
export * from "./split";
