/**
 * Mantine components built on floating-ui popovers (dropdowns, tooltips):
 * one chunk, loaded after the first paint by DeferredSelect and DeferredTooltip.
 */
export { Select, Tooltip } from "@mantine/core";
