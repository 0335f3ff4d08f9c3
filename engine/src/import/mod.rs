//! Importers of traces recorded on real hardware (ftrace text, Android systrace HTML, Chrome Trace Event JSON, Taskflow profiler JSON, Paraver, Paje), all producing one [`ImportedTrace`].
//!
//! Parsing never fails and never panics: a malformed line becomes a [`Diagnostic`] with its line or byte offset, and whatever parsed well is kept.
//! Input arrives in chunks through [`Importer::push`], so a caller can report progress and cancel (by dropping the importer); gzip is undone on the fly.
//! The format is chosen in two passes (`detect.rs`): the file name first, then the content.

pub mod builder;
pub mod calibrate;
pub mod chrome;
pub mod detect;
pub mod ftrace;
pub mod lines;
pub mod paje;
pub mod paraver;
pub mod perfetto;
pub mod systrace;
pub mod taskflow;

use std::io::Write;

use serde::Serialize;

use crate::trace::{ScheduleRecord, SegmentKind};
use builder::{Builder, Location};

/// Trace formats the importers read.
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// Linux ftrace text, from the kernel's `trace` file or `trace-cmd report`.
    Ftrace,
    /// Android systrace HTML (ftrace text inside `<script class="trace-data">`).
    Systrace,
    /// Chrome Trace Event Format JSON (object or array form).
    ChromeJson,
    /// Taskflow profiler (tfprof) JSON.
    Taskflow,
    /// Paraver `.prv`, with `.pcf` names and `.row` labels when given.
    Paraver,
    /// Paje trace (StarPU's `paje.trace`, SimGrid, PajeNG, ViTE).
    Paje,
    /// Perfetto protobuf trace (`.perfetto-trace`, `.pftrace`, `.pb`): its ftrace scheduling events.
    Perfetto,
    /// Nothing recognisable.
    Unknown,
}

impl Format {
    /// The name used in summaries and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Ftrace => "ftrace",
            Format::Systrace => "systrace",
            Format::ChromeJson => "chrome_json",
            Format::Taskflow => "taskflow",
            Format::Paraver => "paraver",
            Format::Paje => "paje",
            Format::Perfetto => "perfetto",
            Format::Unknown => "unknown",
        }
    }

    /// Parses a name given by a user (`ftrace`, `systrace`, `chrome`, `chrome_json`, `taskflow`, `paraver`).
    pub fn from_name(name: &str) -> Option<Format> {
        Some(match name {
            "ftrace" | "trace-cmd" => Format::Ftrace,
            "systrace" => Format::Systrace,
            "chrome" | "chrome_json" | "json" => Format::ChromeJson,
            "taskflow" | "tfprof" => Format::Taskflow,
            "paraver" | "prv" => Format::Paraver,
            "paje" => Format::Paje,
            "perfetto" | "pftrace" | "protobuf" => Format::Perfetto,
            _ => return None,
        })
    }
}

/// One lane of the imported Gantt: a CPU, or a thread / worker / pid-tid pair when the format has no CPU ids.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct LaneInfo {
    /// What the lane shows (`CPU 3`, `RenderThread 7591`, `executor 0 · worker 7`).
    pub label: String,
    /// The CPU, when the lane is one.
    pub cpu: Option<u32>,
}

/// A CPU's frequency from `t_ns` on.
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct FreqChange {
    /// CPU number.
    pub cpu: u32,
    /// When (relative to the trace's start).
    pub t_ns: u64,
    /// New frequency.
    pub freq_khz: u32,
}

/// A problem found while parsing; the import goes on.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// 1-based line, for line-based formats.
    pub line: Option<u64>,
    /// Byte offset in the decompressed input, for JSON.
    pub offset: Option<u64>,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.line, self.offset) {
            (Some(l), _) => write!(f, "line {l}: {}", self.message),
            (None, Some(o)) => write!(f, "byte {o}: {}", self.message),
            _ => write!(f, "{}", self.message),
        }
    }
}

/// An imported trace: per-lane slices in the engine's [`ScheduleRecord`] plus what the record cannot hold.
///
/// In the record, `core` is the lane index, `task` indexes [`threads`](Self::threads) (or is `NO_ITEM`), `task_type` indexes
/// [`names`](Self::names), `kind` is work or idle (a CPU idle state), and times are relative to [`origin_ns`](Self::origin_ns).
#[derive(Clone, Debug)]
pub struct ImportedTrace {
    /// Detected format.
    pub format: Format,
    /// Bytes read (compressed size for gzip input).
    pub bytes: u64,
    /// Slices, sorted by (lane, start).
    pub record: ScheduleRecord,
    /// Nesting depth of each record row (0 outermost).
    pub depth: Vec<u16>,
    /// Lanes: CPUs in order, then threads or workers by label.
    pub lanes: Vec<LaneInfo>,
    /// Slice, thread and idle-state names.
    pub names: Vec<String>,
    /// Thread labels.
    pub threads: Vec<String>,
    /// Frequency changes by (cpu, time).
    pub freq: Vec<FreqChange>,
    /// Time from the first to the last timestamp.
    pub span_ns: u64,
    /// Absolute timestamp of time 0, in the trace's own clock.
    pub origin_ns: i64,
    /// The first problems found.
    pub diagnostics: Vec<Diagnostic>,
    /// How many problems were found in all.
    pub diagnostics_total: usize,
    /// Counts of event kinds seen (ftrace event names, Chrome phases, Paraver record types).
    pub events: Vec<(String, u64)>,
    /// Wake-ups (`sched_wakeup`): who woke whom, when; threads index [`threads`](Self::threads).
    pub wakeups: Vec<Wakeup>,
    /// CPU capacities (`cpu_capacity` events or marks): (cpu, capacity out of 1024), by CPU.
    pub capacities: Vec<(u32, u32)>,
}

/// A thread woken by another (or by an interrupt, `waker` = `NO_ITEM`).
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wakeup {
    /// When (relative to the trace's start).
    pub t_ns: u64,
    /// Thread that woke it, or `NO_ITEM`.
    pub waker: u32,
    /// Thread woken.
    pub wakee: u32,
}

impl ImportedTrace {
    /// Number of lanes that are CPUs.
    pub fn n_cpus(&self) -> usize {
        self.lanes.iter().filter(|l| l.cpu.is_some()).count()
    }

    /// The JSON summary printed by `asymlab import` and returned to the UI.
    pub fn summary(&self) -> serde_json::Value {
        let idle = self.record.kind.iter().filter(|&&k| k == SegmentKind::Idle as u8).count();
        let events: serde_json::Map<String, serde_json::Value> =
            self.events.iter().map(|(n, c)| (n.clone(), serde_json::Value::from(*c))).collect();
        let mut summary = serde_json::json!({
            "format": self.format,
            "bytes": self.bytes,
            "cores": self.n_cpus(),
            "lanes": self.lanes.len(),
            "lane_labels": self.lanes.iter().map(|l| l.label.as_str()).collect::<Vec<_>>(),
            "lane_cpus": self.lanes.iter().map(|l| l.cpu).collect::<Vec<_>>(),
            "threads": self.threads.len(),
            "names": self.names.len(),
            "segments": self.record.len(),
            "idle_segments": idle,
            "span_ns": self.span_ns,
            "origin_ns": self.origin_ns,
            "freq_changes": self.freq.len(),
            "wakeups": self.wakeups.len(),
            "events": events,
            "diagnostics": self.diagnostics_total,
            "first_diagnostics": self.diagnostics.iter().take(20).map(|d| d.to_string()).collect::<Vec<_>>(),
        });
        if !self.capacities.is_empty() {
            let caps: serde_json::Map<String, serde_json::Value> = self.capacities.iter().map(|&(cpu, cap)| (cpu.to_string(), cap.into())).collect();
            summary["capacities"] = serde_json::Value::Object(caps);
        }
        summary
    }
}

/// The parser chosen for the content.
enum Parser {
    Ftrace(ftrace::FtraceParser),
    Systrace(systrace::SystraceParser),
    Chrome(chrome::ChromeParser),
    Taskflow(taskflow::TaskflowParser),
    Paraver(paraver::ParaverParser),
    Paje(paje::PajeParser),
    Perfetto(perfetto::PerfettoParser),
    Unknown,
}

/// Bytes of (decompressed) content looked at before choosing a format.
const SNIFF_BYTES: usize = 64 * 1024;

/// Most bytes of content read (after decompression); the rest of a larger file is ignored with a diagnostic.
pub const MAX_TRACE_BYTES: u64 = 1 << 30;
/// Gzip content may be at most this many times its compressed size (past [`GZIP_FREE_BYTES`]): real traces compress
/// 5–50×, a file of zeros about 1,000×.
pub const MAX_GZIP_RATIO: u64 = 200;
/// Decompressed bytes allowed whatever the ratio.
pub const GZIP_FREE_BYTES: u64 = 64 << 20;
/// Compressed bytes handed to the decoder at once, so that one write expands to at most about 4 MiB.
const GZIP_SLICE: usize = 4096;

/// A streaming import: feed chunks with [`push`](Self::push), then call [`finish`](Self::finish).
pub struct Importer {
    by_name: Option<Format>,
    forced: Option<Format>,
    head: Vec<u8>,
    gzip: Option<flate2::write::MultiGzDecoder<Vec<u8>>>,
    gzip_failed: bool,
    decided_gzip: bool,
    sniff: Vec<u8>,
    parser: Option<Parser>,
    format: Format,
    builder: Builder,
    bytes_in: u64,
    /// The first bytes of content, to say what an unreadable file looks like.
    head_sample: Vec<u8>,
    /// Content bytes (decompressed) so far.
    plain_bytes: u64,
    /// Set once a cap stopped the reading; the rest of the input is ignored.
    stopped: bool,
    pcf: Option<String>,
    row: Option<String>,
}

impl Importer {
    /// An importer for a file called `file_name` (may be empty: the content decides).
    pub fn new(file_name: &str) -> Importer {
        Importer {
            by_name: detect::by_name(file_name),
            forced: None,
            head: Vec::new(),
            gzip: None,
            gzip_failed: false,
            decided_gzip: false,
            sniff: Vec::new(),
            parser: None,
            format: Format::Unknown,
            builder: Builder::new(),
            bytes_in: 0,
            head_sample: Vec::new(),
            plain_bytes: 0,
            stopped: false,
            pcf: None,
            row: None,
        }
    }

    /// Skips detection and reads the input as `format`.
    pub fn force_format(&mut self, format: Format) {
        self.forced = Some(format);
    }

    /// Paraver names (`.pcf` text) to use if the input is a `.prv`.
    pub fn set_paraver_pcf(&mut self, text: String) {
        self.pcf = Some(text);
    }

    /// Paraver labels (`.row` text) to use if the input is a `.prv`.
    pub fn set_paraver_row(&mut self, text: String) {
        self.row = Some(text);
    }

    /// Bytes pushed so far.
    pub fn bytes_read(&self) -> u64 {
        self.bytes_in
    }

    /// The format chosen so far (`Unknown` until enough content has arrived).
    pub fn format(&self) -> Format {
        self.format
    }

    /// Feeds the next chunk of the file.
    pub fn push(&mut self, chunk: &[u8]) {
        self.bytes_in += chunk.len() as u64;
        if !self.decided_gzip {
            self.head.extend_from_slice(chunk);
            if self.head.len() < 2 {
                return;
            }
            self.decided_gzip = true;
            let head = std::mem::take(&mut self.head);
            if head[0] == 0x1f && head[1] == 0x8b {
                self.gzip = Some(flate2::write::MultiGzDecoder::new(Vec::new()));
            }
            self.push_raw(&head);
            return;
        }
        self.push_raw(chunk);
    }

    fn push_raw(&mut self, chunk: &[u8]) {
        if self.gzip.is_none() {
            self.push_plain(chunk);
            return;
        }
        for piece in chunk.chunks(GZIP_SLICE) {
            let Some(decoder) = self.gzip.as_mut() else { return };
            if self.gzip_failed || self.stopped {
                return;
            }
            if let Err(e) = decoder.write_all(piece) {
                self.gzip_failed = true;
                let at = Location::Offset(self.bytes_in);
                self.builder.diag(at, format!("gzip data is corrupt ({e}); kept what came before"));
            }
            let out = std::mem::take(decoder.get_mut());
            if self.gzip_bomb(out.len() as u64) {
                return;
            }
            self.push_plain(&out);
            // Hand the (emptied) buffer back so that its capacity is reused.
            if let Some(d) = self.gzip.as_mut() {
                *d.get_mut() = out;
                d.get_mut().clear();
            }
        }
    }

    /// Stops decompressing when the output outgrows the input more than [`MAX_GZIP_RATIO`] times.
    fn gzip_bomb(&mut self, more: u64) -> bool {
        let after = self.plain_bytes + more;
        if after <= GZIP_FREE_BYTES || after <= MAX_GZIP_RATIO.saturating_mul(self.bytes_in) {
            return false;
        }
        self.stopped = true;
        let message = format!(
            "the gzip data expands more than {MAX_GZIP_RATIO}× ({} MiB from {} KiB; a decompression bomb?); the rest is ignored",
            after >> 20,
            self.bytes_in >> 10
        );
        self.builder.diag(Location::Offset(self.bytes_in), message);
        true
    }

    fn push_plain(&mut self, data: &[u8]) {
        if self.stopped {
            return;
        }
        let room = MAX_TRACE_BYTES.saturating_sub(self.plain_bytes);
        let data = if data.len() as u64 > room {
            self.stopped = true;
            let message = format!("the trace is larger than {} MiB; only its first {} MiB are read", MAX_TRACE_BYTES >> 20, MAX_TRACE_BYTES >> 20);
            self.builder.diag(Location::Offset(self.plain_bytes), message);
            &data[..room as usize]
        } else {
            data
        };
        self.plain_bytes += data.len() as u64;
        if self.parser.is_none() {
            self.sniff.extend_from_slice(data);
            if self.sniff.len() < SNIFF_BYTES {
                return;
            }
            self.decide();
            let sniffed = std::mem::take(&mut self.sniff);
            self.feed(&sniffed);
            return;
        }
        self.feed(data);
    }

    fn decide(&mut self) {
        self.head_sample = self.sniff[..self.sniff.len().min(4096)].to_vec();
        let utf16 = detect::is_utf16(&self.sniff).then_some(Format::Unknown);
        let format = utf16.or(self.forced).or(self.by_name.filter(|&f| f != Format::ChromeJson)).unwrap_or_else(|| {
            let sniffed = detect::by_content(&self.sniff);
            if sniffed == Format::Unknown {
                self.by_name.unwrap_or(Format::Unknown)
            } else {
                sniffed
            }
        });
        self.format = format;
        self.parser = Some(match format {
            Format::Ftrace => Parser::Ftrace(ftrace::FtraceParser::new()),
            Format::Systrace => Parser::Systrace(systrace::SystraceParser::new()),
            Format::ChromeJson => Parser::Chrome(chrome::ChromeParser::new()),
            Format::Taskflow => Parser::Taskflow(taskflow::TaskflowParser::new()),
            Format::Paraver => Parser::Paraver(paraver::ParaverParser::new(self.pcf.as_deref(), self.row.as_deref())),
            Format::Paje => Parser::Paje(paje::PajeParser::new()),
            Format::Perfetto => Parser::Perfetto(perfetto::PerfettoParser::new()),
            Format::Unknown => Parser::Unknown,
        });
    }

    fn feed(&mut self, data: &[u8]) {
        let b = &mut self.builder;
        match self.parser.as_mut() {
            Some(Parser::Ftrace(p)) => p.push(b, data),
            Some(Parser::Systrace(p)) => p.push(b, data),
            Some(Parser::Chrome(p)) => p.push(b, data),
            Some(Parser::Taskflow(p)) => p.push(b, data),
            Some(Parser::Paraver(p)) => p.push(b, data),
            Some(Parser::Paje(p)) => p.push(b, data),
            Some(Parser::Perfetto(p)) => p.push(b, data),
            Some(Parser::Unknown) | None => {}
        }
    }

    /// Ends the input and returns the best-effort trace with its diagnostics.
    pub fn finish(mut self) -> ImportedTrace {
        if self.bytes_in == 0 {
            self.builder.diag(Location::None, "the file is empty".to_string());
            return self.builder.finish(Format::Unknown, 0);
        }
        if !self.decided_gzip {
            self.decided_gzip = true;
            let head = std::mem::take(&mut self.head);
            self.push_plain(&head);
        }
        if let Some(mut decoder) = self.gzip.take() {
            if !self.gzip_failed && !self.stopped {
                if let Err(e) = decoder.try_finish() {
                    self.builder.diag(Location::Offset(self.bytes_in), format!("gzip stream is truncated ({e}); kept what came before"));
                }
                let out = std::mem::take(decoder.get_mut());
                if !self.gzip_bomb(out.len() as u64) {
                    self.push_plain(&out);
                }
            }
        }
        if self.parser.is_none() {
            self.decide();
            let sniffed = std::mem::take(&mut self.sniff);
            self.feed(&sniffed);
        }
        let b = &mut self.builder;
        match self.parser.take() {
            Some(Parser::Ftrace(p)) => p.finish(b),
            Some(Parser::Systrace(p)) => p.finish(b),
            Some(Parser::Chrome(p)) => p.finish(b),
            Some(Parser::Taskflow(p)) => p.finish(b),
            Some(Parser::Paraver(p)) => p.finish(b),
            Some(Parser::Paje(p)) => p.finish(b),
            Some(Parser::Perfetto(p)) => p.finish(b),
            Some(Parser::Unknown) | None => b.diag(Location::None, detect::describe_unknown(&self.head_sample)),
        }
        self.builder.finish(self.format, self.bytes_in)
    }
}

/// Imports a whole file held in memory, fed in 1 MiB chunks.
pub fn import_bytes(file_name: &str, bytes: &[u8]) -> ImportedTrace {
    let mut importer = Importer::new(file_name);
    for chunk in bytes.chunks(1 << 20) {
        importer.push(chunk);
    }
    importer.finish()
}
