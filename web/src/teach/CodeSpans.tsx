// A gap text with its backtick-quoted names (`slice_ns`, `annealer_thread.cpp`) set as code (teach/code-spans.ts).
import { Fragment } from "react";
import { codeSpans } from "./code-spans";

export function CodeSpans(props: { readonly text: string }) {
  return (
    <>
      {codeSpans(props.text).map((part, i) => (part.code ? <code key={i}>{part.text}</code> : <Fragment key={i}>{part.text}</Fragment>))}
    </>
  );
}
