import { expect, test } from "vitest";
import { initialViewState, linkViewOf, viewReducer } from "./view";

test("a link's view replaces the discrete view fields and round-trips", () => {
  const opened = viewReducer(initialViewState, { type: "applyLink", view: { page: "explorer", presenter: true, step: 2, selection: { scheduler: "rws", core: 1 } } });
  expect(opened).toMatchObject({ presenter: true, step: 2, selection: { scheduler: "rws", core: 1 } });
  expect(linkViewOf(opened, [10, 20])).toEqual({ window: [10, 20], presenter: true, step: 2, selection: { scheduler: "rws", core: 1 } });
  const closed = viewReducer(opened, { type: "applyLink", view: {} });
  expect(linkViewOf(closed, undefined)).toEqual({});
  expect(viewReducer(closed, { type: "page", page: "gallery" }).page).toBe("gallery");
});
