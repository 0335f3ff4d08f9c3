// Splits a gap text into plain and code parts: the catalogue writes names from the model and the sources in backticks
// (`slice_ns`, `annealer_thread.cpp`), as docs/fidelity.md does, and the page sets them as code.

/** One part of a text: plain, or the inside of a backtick pair. */
export interface TextPart {
  readonly text: string;
  readonly code: boolean;
}

/** `text` cut at its backtick pairs; an unmatched last backtick stays in the plain text. */
export function codeSpans(text: string): TextPart[] {
  const parts = text.split("`");
  if (parts.length % 2 === 0) {
    const last = parts.pop() ?? "";
    parts[parts.length - 1] = `${parts[parts.length - 1]}\`${last}`;
  }
  return parts.map((part, i) => ({ text: part, code: i % 2 === 1 })).filter((p) => p.code || p.text !== "");
}
