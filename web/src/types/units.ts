// Unit and coordinate-space aliases: names say what a number measures.

/** Simulated time in nanoseconds, relative to the start of the run. */
export type Nanos = number;
/** A length or position in CSS pixels. */
export type CssPixels = number;
/** A length or position in device pixels (CSS pixels × devicePixelRatio). */
export type DevicePixels = number;
/** A fraction in [0, 1]. */
export type UnitInterval = number;

/** A span of simulated time [t0Ns, t1Ns] (the visible window, a run's bounds). */
export interface TimeWindow {
  readonly t0Ns: Nanos;
  readonly t1Ns: Nanos;
}
