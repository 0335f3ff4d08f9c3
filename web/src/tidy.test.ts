// Layering kept by a test: `state/`, `logic/` and `types/` never import a folder of React components
// (any folder with a .tsx file, such as timeline/, panels/, shell/, editor/), nor App.tsx or main.tsx;
// `logic/` and `types/` are pure: no React (nor zustand's React bindings), no .tsx, and no store.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "pkg" || entry.name === "pkg-core" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every module specifier a file imports or re-exports (static, side-effect and dynamic imports). */
function importsOf(text: string): string[] {
  const found: string[] = [];
  const patterns = [/^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']/gm, /^\s*import\s*["']([^"']+)["']/gm, /\bimport\(\s*["']([^"']+)["']\s*\)/g];
  for (const re of patterns) for (const m of text.matchAll(re)) found.push(m[1]);
  return found;
}

const topOf = (absPath: string) => relative(SRC, absPath).split(sep)[0];
const FILES = sourceFiles(SRC);
/** Top-level folders with React components; App.tsx and main.tsx count as one too. */
const COMPONENT_FOLDERS = new Set([...FILES.filter((f) => f.endsWith(".tsx")).map(topOf).filter((top) => top !== "state"), "App.tsx", "main.tsx", "App", "main"]);
const PURE = new Set(["logic", "types"]);
const REACT = /^(react|react-dom)(\/|$)|^zustand(\/react.*|\/shallow|\/traditional)?$/;

/** What is wrong with one import of a file in state/, logic/ or types/ (null: fine). */
function violation(fromTop: string, fromFile: string, spec: string): string | null {
  if (PURE.has(fromTop) && REACT.test(spec)) return `imports ${spec} (React) in ${fromTop}/`;
  if (!spec.startsWith(".")) return null;
  const target = topOf(resolve(dirname(fromFile), spec));
  if (COMPONENT_FOLDERS.has(target)) return `imports ${spec} from the component folder ${target}/`;
  if (PURE.has(fromTop) && target === "state") return `imports ${spec}: ${fromTop}/ is below the store`;
  return null;
}

describe("layering", () => {
  it("finds the component folders and reads imports (so the rules below can fail)", () => {
    expect([...COMPONENT_FOLDERS]).toEqual(expect.arrayContaining(["timeline", "panels", "shell", "editor", "os-lab"]));
    expect(COMPONENT_FOLDERS.has("logic")).toBe(false);
    expect(importsOf('import { a } from "../timeline/x";\nexport type { B } from "./b";\nimport "./side.css";\nconst m = import("../shell/y");')).toEqual(["../timeline/x", "./b", "./side.css", "../shell/y"]);
    const stateFile = join(SRC, "state", "x.ts");
    expect(violation("state", stateFile, "../timeline/time-scale")).toMatch(/component folder timeline/);
    expect(violation("state", stateFile, "../App")).toMatch(/component folder/);
    expect(violation("state", stateFile, "../logic/viewport")).toBeNull();
    expect(violation("logic", join(SRC, "logic", "x.ts"), "react")).toMatch(/React/);
    expect(violation("logic", join(SRC, "logic", "x.ts"), "../state/sim")).toMatch(/below the store/);
  });

  for (const top of ["state", "logic", "types"]) {
    it(`keeps ${top}/ off the component folders${PURE.has(top) ? " and free of React" : ""}`, () => {
      const files = FILES.filter((f) => topOf(f) === top);
      expect(files.length).toBeGreaterThan(0);
      const problems = files.flatMap((file) => {
        const own = PURE.has(top) && file.endsWith(".tsx") ? [`${relative(SRC, file)} is a .tsx file in ${top}/`] : [];
        const wrong = importsOf(readFileSync(file, "utf8")).map((spec) => violation(top, file, spec));
        return [...own, ...wrong.filter((w): w is string => w !== null).map((w) => `${relative(SRC, file)} ${w}`)];
      });
      expect(problems).toEqual([]);
    });
  }
});
