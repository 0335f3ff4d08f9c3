// The gallery: one card per preset (from the engine's list), grouped by
// paper, each with a thumbnail of its schedule, the question it teaches and
// the figure it reproduces. A card is a plain link (#preset=NAME&step=0),
// so it opens in place, in a new tab, or pasted anywhere.
import { useEffect, useMemo, useState } from "react";
import type { PresetInfo } from "../engine/engine-types";
import { groupPresets } from "./gallery-groups";
import { THUMB_H, THUMB_W } from "./thumbnail-painter";
import type { ThumbnailService } from "./thumbnails";

function Thumbnail(props: { readonly name: string; readonly service: ThumbnailService }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    props.service.get(props.name).then(
      (u) => live && setUrl(u),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [props.name, props.service]);
  if (url) return <img className="thumb" data-testid="thumbnail" src={url} width={THUMB_W} height={THUMB_H} alt="" />;
  return (
    <div className="thumb thumb-placeholder" data-testid="thumbnail-pending">
      {failed ? "no preview" : "simulating…"}
    </div>
  );
}

export function presetHref(preset: PresetInfo): string {
  return `#preset=${encodeURIComponent(preset.name)}${(preset.steps?.length ?? 0) > 0 ? "&step=0" : ""}`;
}

export function Gallery(props: { readonly presets: readonly PresetInfo[]; readonly service: ThumbnailService }) {
  const groups = useMemo(() => groupPresets(props.presets), [props.presets]);
  return (
    <main className="gallery" data-testid="gallery">
      <p className="gallery-intro">
        Each card opens a scenario that reproduces a figure of one of the papers, with a short guided explanation and the paper's numbers beside the simulated ones.
      </p>
      {groups.map((group) => (
        <section key={group.title} className="gallery-group">
          <h2>{group.title}</h2>
          <ul className="cards">
            {group.presets.map((preset) => (
              <li key={preset.name}>
                <a className="card" href={presetHref(preset)} data-testid="gallery-card" data-preset={preset.name}>
                  <Thumbnail name={preset.name} service={props.service} />
                  <span className="card-title">{preset.title}</span>
                  {preset.question && <span className="card-question">{preset.question}</span>}
                  {preset.figure && (
                    <span className="card-figure muted">
                      {/^\s*seed\s+\d{3}/i.test(preset.figure) ? `Reproduces ${preset.figure}` : preset.figure}
                    </span>
                  )}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
