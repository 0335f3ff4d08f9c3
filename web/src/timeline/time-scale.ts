// Maps a visible time window [t0Ns, t1Ns] onto [0, widthCss] pixels
// (after Perfetto's TimeScale). Pure, unit-tested.
import type { CssPixels, Nanos, TimeWindow } from "../types/units";

export class TimeScale {
  readonly t0Ns: Nanos;
  readonly t1Ns: Nanos;
  readonly widthCss: CssPixels;
  /** Pixels per nanosecond. */
  readonly pxPerNs: number;

  constructor(window: TimeWindow, widthCss: CssPixels) {
    this.t0Ns = window.t0Ns;
    this.t1Ns = window.t1Ns;
    this.widthCss = Math.max(1, widthCss);
    const span = this.t1Ns - this.t0Ns;
    this.pxPerNs = span > 0 ? this.widthCss / span : 0;
  }

  timeToPx(tNs: Nanos): CssPixels {
    return (tNs - this.t0Ns) * this.pxPerNs;
  }

  pxToTime(xCss: CssPixels): Nanos {
    return this.pxPerNs > 0 ? this.t0Ns + xCss / this.pxPerNs : this.t0Ns;
  }

  durationToPx(durNs: Nanos): CssPixels {
    return durNs * this.pxPerNs;
  }

  pxToDuration(widthCss: CssPixels): Nanos {
    return this.pxPerNs > 0 ? widthCss / this.pxPerNs : 0;
  }
}
