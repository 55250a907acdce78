/** The optimised-configuration carousel shared by the single- and multi-agent pages. */
export { type AutoAdvanceRule, followFromLatest, followFromPreviousToLast } from "./autoAdvance";
export { Carousel, type CarouselHandle, type CarouselProps } from "./Carousel";
export {
  type CarouselNavigation,
  type CarouselNavigationOptions,
  useCarouselNavigation,
} from "./useCarouselNavigation";
