// Loads Chrome trace exports into speedscope, an independent viewer, through its own importer: the built app of the
// `speedscope` npm package is served locally, opened with `#profileURL=` (speedscope fetches and imports the file), then
// asked to save what it understood (Ctrl+S writes its own JSON: one profile per thread, open/close events per slice).
// Every console warning the importer prints ("Tried to end …", "… was still open") is collected.
import { readFileSync, createReadStream, existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join, normalize } from "node:path";
import type { Browser } from "@playwright/test";

const DIST = join(process.cwd(), "node_modules/speedscope/dist/release");

/** A thread as the export writes it: its slices (positive length) and deepest nesting. */
export interface TrackExpectation {
  slices: number;
  maxDepth: number;
  /** Sum of slice durations, µs, in double precision. */
  busyUs: number;
}

/** A thread as speedscope read it. */
export interface SpeedscopeProfile {
  name: string;
  pid: number;
  tid: number;
  slices: number;
  maxDepth: number;
  busyUs: number;
}

export interface SpeedscopeResult {
  warnings: string[];
  profiles: SpeedscopeProfile[];
}

/** Per `pid:tid`, what a viewer should show: B/E pairs (instants and counters are not slices to speedscope). */
export function expectedTracks(json: string): Map<string, TrackExpectation> {
  const tracks = new Map<string, TrackExpectation & { open: number[] }>();
  for (const line of json.split("\n")) {
    if (!line.startsWith('{"ph":"B"') && !line.startsWith('{"ph":"E"')) continue;
    const ev = JSON.parse(line.replace(/,$/, "")) as { ph: string; pid: number; tid: number; ts: number };
    const key = `${ev.pid}:${ev.tid}`;
    let t = tracks.get(key);
    if (!t) {
      t = { slices: 0, maxDepth: 0, busyUs: 0, open: [] };
      tracks.set(key, t);
    }
    if (ev.ph === "B") {
      t.open.push(ev.ts);
      t.maxDepth = Math.max(t.maxDepth, t.open.length - 1);
    } else {
      const start = t.open.pop() ?? ev.ts;
      if (t.open.length === 0) t.busyUs += ev.ts - start;
      t.slices += 1;
    }
  }
  return new Map([...tracks].map(([k, { slices, maxDepth, busyUs }]) => [k, { slices, maxDepth, busyUs }]));
}

/** Serves speedscope's built app and one profile at a time. */
export class SpeedscopeServer {
  private server: Server | null = null;
  private profile = "";
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const path = new URL(req.url ?? "/", "http://localhost").pathname;
      const file = path === "/profile.json" ? this.profile : join(DIST, normalize(path).replace(/^(\.\.[/\\])+/, ""));
      if (!file || !existsSync(file)) {
        res.writeHead(404);
        res.end();
        return;
      }
      res.writeHead(200);
      createReadStream(file).pipe(res);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    const address = this.server.address();
    this.port = typeof address === "object" && address ? address.port : 0;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Opens `file` in speedscope in a fresh page and returns its warnings and what it saved. */
  async load(browser: Browser, file: string, timeoutMs = 120_000): Promise<SpeedscopeResult> {
    this.profile = file;
    const context = await browser.newContext({ acceptDownloads: true });
    try {
      const page = await context.newPage();
      const warnings: string[] = [];
      page.on("console", (m) => {
        // Chromium's own GPU notes are not speedscope's.
        if ((m.type() === "warning" || m.type() === "error") && !m.text().includes("GL Driver")) warnings.push(m.text());
      });
      page.on("pageerror", (e) => warnings.push(`page error: ${e.message}`));
      await page.goto(`http://127.0.0.1:${this.port}/index.html#profileURL=/profile.json`);
      // The title turns into the file's name once the import is done.
      await page.waitForFunction(() => document.title.includes("profile.json"), undefined, { timeout: timeoutMs });
      const download = page.waitForEvent("download", { timeout: timeoutMs });
      await page.keyboard.press("Control+s");
      const saved = JSON.parse(readFileSync(await (await download).path(), "utf8")) as {
        profiles: { name: string; events: { type: "O" | "C"; at: number }[] }[];
      };
      const profiles = saved.profiles.map((p) => {
        let depth = 0;
        let maxDepth = 0;
        let slices = 0;
        let busyUs = 0;
        let outerStart = 0;
        for (const e of p.events) {
          if (e.type === "O") {
            if (depth === 0) outerStart = e.at;
            depth += 1;
            slices += 1;
            maxDepth = Math.max(maxDepth, depth - 1);
          } else {
            depth -= 1;
            if (depth === 0) busyUs += e.at - outerStart;
          }
        }
        const pid = Number(/\(pid (\d+)/.exec(p.name)?.[1] ?? -1);
        const tid = Number(/tid (\d+)\)/.exec(p.name)?.[1] ?? -1);
        return { name: p.name, pid, tid, slices, maxDepth, busyUs };
      });
      return { warnings, profiles };
    } finally {
      await context.close();
    }
  }
}
