/** Embeddings of candidates and their stable 2-D projection. */
export * from "./embedder";
export * from "./projection";
export * from "./vectorise";
