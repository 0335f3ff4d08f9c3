import { describe, expect, it } from "vitest";
import { codeSpans } from "./code-spans";

describe("codeSpans", () => {
  it("sets each backtick pair as code and keeps the text around it", () => {
    expect(codeSpans("with `slice_ns` on a `cpu_interference` event")).toEqual([
      { text: "with ", code: false },
      { text: "slice_ns", code: true },
      { text: " on a ", code: false },
      { text: "cpu_interference", code: true },
      { text: " event", code: false },
    ]);
  });

  it("leaves a text without backticks whole", () => {
    expect(codeSpans("no code here")).toEqual([{ text: "no code here", code: false }]);
  });

  it("keeps an unmatched backtick as a character of the plain text", () => {
    expect(codeSpans("a `b` c `d")).toEqual([
      { text: "a ", code: false },
      { text: "b", code: true },
      { text: " c `d", code: false },
    ]);
    expect(codeSpans("`x")).toEqual([{ text: "`x", code: false }]);
  });
});
