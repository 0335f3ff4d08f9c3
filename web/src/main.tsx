// Entry point, kept tiny on purpose: it starts the engine worker first, so that the
// worker script and its Wasm download and compile while the app's JavaScript (boot.tsx,
// a separate chunk) is fetched and parsed; then it mounts the app.
import { WorkerEngine } from "./engine/engine-client";

const engine = new WorkerEngine();
void import("./boot").then((m) => m.boot(engine));
