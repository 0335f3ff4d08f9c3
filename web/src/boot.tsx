// Mounts the app inside the store's one provider, with the engine main.tsx started and the render loop.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import type { Engine } from "./engine/engine";
import { registerOffline } from "./offline";
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
        <App renderLoop={renderLoop} onFirstGantt={registerOffline} />
      </AppProvider>
    </StrictMode>,
  );
  // The offline cache (the service worker's precache: every chunk and both Wasm modules, about 5.5 MB) is filled
  // after the first Gantt is drawn, so that it does not compete with the first chart's own downloads; a page whose
  // first scenario never draws (a broken link) still registers it after a while.
  setTimeout(registerOffline, OFFLINE_FALLBACK_MS);
}

const OFFLINE_FALLBACK_MS = 15_000;
