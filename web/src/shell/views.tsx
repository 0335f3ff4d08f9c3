// The view registry: the tabs of the main area and of the side panel.
// A new view plugs in with ONE line in MAIN_VIEWS or SIDE_PANELS; it reads
// what it needs from the store through useAppStore(selector) and writes through useActions().
// Every view but the first of each bar loads as its own chunk when first shown (shell/lazy.tsx).
import type { ComponentType } from "react";
import { EventInspector } from "../editor/EventInspector";
import { useAppStore } from "../state/AppProvider";
import { selectBaseline, selectPlatform, selectSummary } from "../state/selectors";
import type { RenderLoop } from "../timeline/render-loop";
import { lazyComponent } from "./lazy";
import { ScheduleView } from "./ScheduleView";

const CompareView = lazyComponent<ViewProps>(() => import("./CompareView").then((m) => m.CompareView));
const PlatformForm = lazyComponent<ViewProps>(() => import("../editor/ScenarioForms").then((m) => m.PlatformForm));
const WorkloadForm = lazyComponent<ViewProps>(() => import("../editor/ScenarioForms").then((m) => m.WorkloadForm));
const ExportPanel = lazyComponent(() => import("../export/ExportPanel").then((m) => m.ExportPanel));
const OsLab = lazyComponent<ViewProps>(() => import("../os-lab/OsLab").then((m) => m.OsLab));
const ImportPanel = lazyComponent<ViewProps>(() => import("../panels/ImportPanel").then((m) => m.ImportPanel));
const TaskRuntimePanel = lazyComponent(() => import("../panels/task-runtime/TaskRuntimePanel").then((m) => m.TaskRuntimePanel));
const StepPanel = lazyComponent<ViewProps>(() => import("../step/StepPanel").then((m) => m.StepPanel));
const HelpPanel = lazyComponent<ViewProps>(() => import("./HelpPanel").then((m) => m.HelpPanel));

export interface ViewProps {
  readonly renderLoop: RenderLoop;
}

export interface ViewDef {
  readonly id: string;
  readonly title: string;
  readonly Component: ComponentType<ViewProps>;
}

function EventsPanel() {
  return <EventInspector platform={useAppStore(selectPlatform)} />;
}

function TaskRuntimeView() {
  const summary = useAppStore(selectSummary);
  if (summary?.level !== "tasks") {
    return <p className="muted">Priority-task pies and the PTT heatmap appear for task-DAG scenarios.</p>;
  }
  return <TaskRuntimePanel summary={summary} />;
}

function ExportSide() {
  return <ExportPanel baseline={useAppStore(selectBaseline)} />;
}

/** Tabs of the main area, in order; the first is shown at start. */
export const MAIN_VIEWS: ViewDef[] = [
  { id: "schedule", title: "Schedule", Component: ScheduleView },
  { id: "task-runtime", title: "Priority tasks & PTT", Component: TaskRuntimeView },
  { id: "compare", title: "Compare charts", Component: CompareView },
  { id: "os-lab", title: "OS lab (sweeps)", Component: OsLab },
];

/** Tabs of the side panel. */
export const SIDE_PANELS: ViewDef[] = [
  { id: "events", title: "Events", Component: EventsPanel },
  { id: "step", title: "Step", Component: StepPanel },
  { id: "platform", title: "Platform", Component: PlatformForm },
  { id: "workload", title: "Workload", Component: WorkloadForm },
  { id: "import", title: "Import trace", Component: ImportPanel },
  { id: "export", title: "Export", Component: ExportSide },
  { id: "help", title: "Help", Component: HelpPanel },
];
