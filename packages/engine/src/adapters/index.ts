/** Ready-made model ports for library users. */
export {
  type ModelPrice,
  type OpenAiCompatibleOptions,
  openAiCompatibleModel,
  ProviderError,
} from "./openai";
