// Gallery thumbnails, made at runtime: each preset runs (with only its last
// scheduler, usually the paper's own) in a second engine worker, so the
// explorer's simulation is never superseded; one at a time, cached in
// memory and in localStorage under a hash of the scenario text.
import type { Engine } from "../engine/engine";
import { paintThumbnail, THUMB_H, THUMB_W } from "./thumbnail-painter";

const STORAGE_PREFIX = "asymlab.thumb.v1.";

/** FNV-1a of a string, as 8 hex digits. */
export function hashText(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

/** The scenario a thumbnail runs: the preset with only its last scheduler. */
export function thumbnailScenario(presetText: string): string {
  const scenario = JSON.parse(presetText) as { schedulers?: unknown };
  const list = Array.isArray(scenario.schedulers) ? scenario.schedulers : [];
  return JSON.stringify({ ...scenario, schedulers: list.slice(-1) });
}

export class ThumbnailService {
  private readonly memory = new Map<string, Promise<string>>();
  private engine: Engine | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private pending = 0;

  constructor(
    private readonly makeEngine: () => Engine,
    private readonly presetText: (name: string) => Promise<string>,
  ) {}

  /** A PNG data URL of preset `name`'s schedule. */
  get(name: string): Promise<string> {
    let url = this.memory.get(name);
    if (!url) {
      url = this.make(name);
      this.memory.set(name, url);
      url.catch(() => this.memory.delete(name));
    }
    return url;
  }

  dispose(): void {
    this.engine?.dispose();
    this.engine = null;
  }

  private async make(name: string): Promise<string> {
    const scenario = thumbnailScenario(await this.presetText(name));
    const key = STORAGE_PREFIX + hashText(scenario);
    const stored = readStorage(key);
    if (stored) return stored;
    this.pending++;
    const job = this.queue.then(async () => {
      this.engine ??= this.makeEngine();
      const result = await this.engine.simulate(scenario);
      const canvas = document.createElement("canvas");
      canvas.width = THUMB_W * 2;
      canvas.height = THUMB_H * 2;
      const ctx = canvas.getContext("2d");
      if (!ctx) throw new Error("no 2D canvas");
      ctx.scale(2, 2);
      paintThumbnail(ctx, result, result.summary.runs.length - 1);
      return canvas.toDataURL("image/png");
    });
    this.queue = job.catch(() => undefined);
    try {
      const url = await job;
      writeStorage(key, url);
      return url;
    } finally {
      // Free the second worker once every thumbnail is made.
      if (--this.pending === 0) this.dispose();
    }
  }
}

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Full or blocked: the memory cache still holds it.
  }
}
