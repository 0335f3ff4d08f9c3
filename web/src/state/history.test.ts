import { describe, expect, it } from "vitest";
import { EMPTY_HISTORY, record, redo, undo } from "./history";

describe("undo history", () => {
  it("undoes and redoes in order, and a new edit clears redo", () => {
    let h = record(EMPTY_HISTORY, "a", null, 0);
    h = record(h, "b", null, 10);
    const u1 = undo(h, "c");
    expect(u1?.text).toBe("b");
    const u2 = u1 && undo(u1.history, "b");
    expect(u2?.text).toBe("a");
    expect(u2 && undo(u2.history, "a")).toBeNull();
    const r1 = u2 && redo(u2.history, "a");
    expect(r1?.text).toBe("b");
    const fresh = r1 && record(r1.history, "b", null, 20);
    expect(fresh?.future).toEqual([]);
  });

  it("coalesces a drag into one step, but not after a pause", () => {
    let h = record(EMPTY_HISTORY, "a", "drag-1", 0);
    h = record(h, "a1", "drag-1", 100);
    h = record(h, "a2", "drag-1", 200);
    expect(h.past).toEqual(["a"]);
    h = record(h, "a3", "drag-1", 5_000);
    expect(h.past).toEqual(["a", "a3"]);
    h = record(h, "a4", "drag-2", 5_010);
    expect(h.past).toEqual(["a", "a3", "a4"]);
  });
});
