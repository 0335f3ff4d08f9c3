// The CodeMirror 6 editor of the policy panel: Rust-like highlighting (Rhai reads like Rust), undo, Ctrl/Cmd-S to save,
// and the engine's error shown as a diagnostic at its line. Loaded only with the policy panel (its own chunk).
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { rust } from "@codemirror/lang-rust";
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from "@codemirror/language";
import { type Diagnostic, lintGutter, setDiagnostics } from "@codemirror/lint";
import { EditorState } from "@codemirror/state";
import { EditorView, highlightActiveLine, keymap, lineNumbers } from "@codemirror/view";

export interface CodeEditor {
  readonly view: EditorView;
  text(): string;
  setText(text: string): void;
  /** Shows `message` at `line` (1-based; the first line when null), or clears the diagnostics. */
  showError(error: { line: number | null; message: string } | null): void;
  destroy(): void;
}

export function createCodeEditor(parent: HTMLElement, doc: string, onSave: () => void, onChange: () => void): CodeEditor {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: [
        lineNumbers(),
        history(),
        indentOnInput(),
        bracketMatching(),
        highlightActiveLine(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        rust(),
        lintGutter(),
        keymap.of([{ key: "Mod-s", preventDefault: true, run: () => (onSave(), true) }, indentWithTab, ...defaultKeymap, ...historyKeymap]),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) onChange();
        }),
        EditorView.contentAttributes.of({ "aria-label": "Policy source", "data-testid": "policy-code" }),
      ],
    }),
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    setText: (text) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }),
    showError: (error) => {
      const diagnostics: Diagnostic[] = [];
      if (error) {
        const doc = view.state.doc;
        const line = doc.line(Math.min(Math.max(error.line ?? 1, 1), doc.lines));
        diagnostics.push({ from: line.from, to: line.to, severity: "error", message: error.message });
      }
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    destroy: () => view.destroy(),
  };
}
