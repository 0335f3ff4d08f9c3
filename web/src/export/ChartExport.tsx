// PNG and SVG buttons for any SVG chart: every <svg> inside the referenced
// element is laid out in a grid in one standalone SVG (text colours inlined
// from the page), which is also rasterised for the PNG.
import type { RefObject } from "react";
import { downloadBlob, downloadText, svgElementText, svgToPng } from "./download";

export function combinedSvg(container: HTMLElement, background: string, columns = 4): { text: string; width: number; height: number } {
  const svgs = [...container.querySelectorAll("svg")] as SVGSVGElement[];
  const gap = 8;
  const cellW = Math.max(1, ...svgs.map((s) => s.width.baseVal.value));
  const cellH = Math.max(1, ...svgs.map((s) => s.height.baseVal.value));
  const cols = Math.max(1, Math.min(columns, svgs.length));
  const rows = Math.ceil(svgs.length / cols);
  const width = cols * (cellW + gap) + gap;
  const height = rows * (cellH + gap) + gap;
  const parts = svgs.map((svg, i) => {
    const x = gap + (i % cols) * (cellW + gap);
    const y = gap + Math.floor(i / cols) * (cellH + gap);
    return svgElementText(svg).replace(/^<svg /, `<svg x="${x}" y="${y}" `);
  });
  const text = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="${background}"/>${parts.join("")}</svg>`;
  return { text, width, height };
}

export function ChartExport(props: { readonly target: RefObject<HTMLElement | null>; readonly name: string }) {
  const background = () => getComputedStyle(document.body).backgroundColor || "#ffffff";
  const svg = () => {
    if (!props.target.current) return;
    downloadText(`${props.name}.svg`, combinedSvg(props.target.current, background()).text, "image/svg+xml");
  };
  const png = async () => {
    if (!props.target.current) return;
    const { text, width, height } = combinedSvg(props.target.current, background());
    downloadBlob(`${props.name}.png`, await svgToPng(text, width, height));
  };
  return (
    <span className="chart-export">
      <button type="button" data-testid={`${props.name}-png`} onClick={() => void png()}>
        PNG
      </button>
      <button type="button" data-testid={`${props.name}-svg`} onClick={svg}>
        SVG
      </button>
    </span>
  );
}
