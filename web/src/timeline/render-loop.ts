// Coalesces canvas redraws into one requestAnimationFrame per frame.
// `isIdle()` feeds window.__explorerIdle() for the end-to-end tests.

export class RenderLoop {
  private readonly jobs = new Map<string, () => void>();
  private frame = 0;
  /** Duration of the last frame's drawing, in ms. */
  lastFrameMs = 0;

  /** Runs `draw` in the next animation frame; a later call with the same key replaces it. */
  schedule(key: string, draw: () => void): void {
    this.jobs.set(key, draw);
    if (this.frame === 0) this.frame = requestAnimationFrame(() => this.run());
  }

  cancel(key: string): void {
    this.jobs.delete(key);
  }

  isIdle(): boolean {
    return this.jobs.size === 0;
  }

  private run(): void {
    this.frame = 0;
    const started = performance.now();
    const jobs = [...this.jobs.values()];
    this.jobs.clear();
    for (const draw of jobs) draw();
    this.lastFrameMs = performance.now() - started;
  }
}
