// Saving files from the page: a Blob behind a temporary <a download>, and
// canvas / SVG to PNG.

export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.style.display = "none";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadText(filename: string, text: string, type: string): void {
  downloadBlob(filename, new Blob([text], { type }));
}

function canvasToBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("canvas is empty"))), "image/png"));
}

/** Stacks canvases (with a caption above each) into one PNG. */
export async function canvasesToPng(parts: readonly { caption: string; canvas: HTMLCanvasElement }[], background: string, text: string): Promise<Blob> {
  const dpr = window.devicePixelRatio || 1;
  const captionH = Math.round(20 * dpr);
  const width = Math.max(1, ...parts.map((p) => p.canvas.width));
  const height = parts.reduce((h, p) => h + captionH + p.canvas.height, 0);
  const out = document.createElement("canvas");
  out.width = width;
  out.height = Math.max(1, height);
  const ctx = out.getContext("2d");
  if (!ctx) throw new Error("no 2D context");
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, out.width, out.height);
  let y = 0;
  for (const p of parts) {
    ctx.fillStyle = text;
    ctx.font = `${Math.round(13 * dpr)}px system-ui, sans-serif`;
    ctx.textBaseline = "middle";
    ctx.fillText(p.caption, 4 * dpr, y + captionH / 2);
    y += captionH;
    ctx.drawImage(p.canvas, 0, y);
    y += p.canvas.height;
  }
  return canvasToBlob(out);
}

/** Rasterises SVG text to a PNG at `scale` × its size. */
export async function svgToPng(svgText: string, widthCss: number, heightCss: number, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svgText], { type: "image/svg+xml" }));
  try {
    const img = new Image();
    img.decoding = "sync";
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error("the SVG did not load"));
      img.src = url;
    });
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(widthCss * scale));
    canvas.height = Math.max(1, Math.round(heightCss * scale));
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("no 2D context");
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await canvasToBlob(canvas);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** An inline <svg> element as standalone SVG text, with the page's computed text colours inlined. */
export function svgElementText(svg: SVGSVGElement): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  const src = svg.querySelectorAll("*");
  const dst = clone.querySelectorAll("*");
  src.forEach((el, i) => {
    const style = getComputedStyle(el);
    const target = dst[i] as SVGElement;
    if (el.tagName === "text" || el.tagName === "tspan") target.setAttribute("fill", style.fill);
    if (el.tagName === "line") target.setAttribute("stroke", style.stroke);
    target.setAttribute("font-size", style.fontSize);
    target.setAttribute("font-family", style.fontFamily);
  });
  return new XMLSerializer().serializeToString(clone);
}
