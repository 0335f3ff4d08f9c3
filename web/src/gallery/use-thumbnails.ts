// One ThumbnailService for the app's lifetime (so thumbnails are made once).
import { useEffect, useState } from "react";
import { WorkerEngine } from "../engine/engine-client";
import { useEngine } from "../state/AppProvider";
import { ThumbnailService } from "./thumbnails";

export function useThumbnails(): ThumbnailService {
  const engine = useEngine();
  const [service] = useState(() => new ThumbnailService(() => new WorkerEngine(), (name) => engine.presetScenario(name)));
  useEffect(() => () => service.dispose(), [service]);
  return service;
}
