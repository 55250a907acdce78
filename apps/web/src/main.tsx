import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { preloadCurrentPage } from "./router";

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("Failed to find the root element");

// The opened page's chunk loads in parallel with React's first render of the layout.
preloadCurrentPage();

createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
