// The root font size relative to the 14 px default, followed live (the
// large-font mode changes it), so canvas rows grow with the text.
import { useSyncExternalStore } from "react";

const BASE_PX = 14;

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["style", "class"] });
  return () => observer.disconnect();
}

function read(): number {
  const px = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Number.isFinite(px) && px > 0 ? Math.max(1, px / BASE_PX) : 1;
}

export function useFontScale(): number {
  return useSyncExternalStore(subscribe, read, () => 1);
}
