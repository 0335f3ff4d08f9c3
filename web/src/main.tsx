// Entry point: creates the engine worker and the render loop, and mounts
// the app inside the store's one provider.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { WorkerEngine } from "./engine/engine-client";
import { AppProvider } from "./state/AppProvider";
import { RenderLoop } from "./timeline/render-loop";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("missing #root element");

const engine = new WorkerEngine();
const renderLoop = new RenderLoop();

createRoot(root).render(
  <StrictMode>
    <AppProvider engine={engine}>
      <App renderLoop={renderLoop} />
    </AppProvider>
  </StrictMode>,
);
