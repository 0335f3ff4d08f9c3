// Mounts the app inside the store's one provider, with the engine main.tsx started and the render loop.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import type { Engine } from "./engine/engine";
import { AppProvider } from "./state/AppProvider";
import { RenderLoop } from "./timeline/render-loop";
import "./styles.css";

export function boot(engine: Engine): void {
  const root = document.getElementById("root");
  if (!root) throw new Error("missing #root element");
  const renderLoop = new RenderLoop();
  createRoot(root).render(
    <StrictMode>
      <AppProvider engine={engine}>
        <App renderLoop={renderLoop} />
      </AppProvider>
    </StrictMode>,
  );
}
