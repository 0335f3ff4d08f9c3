// An Engine for tests of the store: each method answers from `impl` or rejects, and every call is logged.
import type { Engine } from "../engine/engine";

export interface FakeEngine extends Engine {
  readonly calls: string[];
}

export function fakeEngine(impl: Partial<Engine> = {}): FakeEngine {
  const calls: string[] = [];
  return new Proxy({ calls } as unknown as FakeEngine, {
    get(_target, key: string) {
      if (key === "calls") return calls;
      if (key === "then") return undefined;
      return (...args: unknown[]) => {
        calls.push(key);
        const method = (impl as Record<string, ((...a: unknown[]) => unknown) | undefined>)[key];
        return method ? method(...args) : Promise.reject(new Error(`fake engine: ${key} not implemented`));
      };
    },
  });
}
