//! The catalogue as data: platforms, shared work-class sets, scenario presets with their guides and claims, and the four
//! papers, embedded from `engine/catalogue/` (one JSON file each) and parsed once.
//!
//! A preset's scenario may name a platform (`"odroid-xu3"`, or a subset `"odroid-xu3:4+1"`), a class set (`"tx2"`) or a
//! workload (a class set's program, an application or a mix) instead of spelling it out; [`expand`] replaces the names by
//! their JSON, and the result goes through [`Scenario::from_json`] like any user scenario. Adding a preset is adding one file.

pub mod claim;
pub mod expand;
pub mod listing;
mod load;
pub mod platforms;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::error::{InputError, InputResult};
use crate::model::{Platform, WorkClass};
use crate::scenario::Scenario;

pub use claim::Claim;
pub use platforms::{config_platform, subset};

/// Name of the scenario the app opens on (the first preset in order).
pub const DEFAULT_SCENARIO: &str = "odroid-xu3-matmul";

/// One of the source papers.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Paper {
    /// Short id that presets and claims use (`chen2020`).
    pub id: String,
    /// How the UI cites it: `Chen et al.`.
    pub cite: String,
    /// Year of publication.
    pub year: u32,
    /// Every author, as printed.
    pub authors: String,
    /// Title.
    pub title: String,
    /// Venue.
    pub venue: String,
    /// What the explorer takes from the paper, and how the model relates to it (a paragraph).
    pub summary: String,
    /// The ids of the claims that carry its headline effects (the results of its abstract and conclusions, and the numbers
    /// it leads its evaluation with), in the order the reports list them; every one is a claim of this paper.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub headline: Vec<String>,
}

/// The result statements of one paper that the catalogue leaves out because the model cannot measure them
/// (`engine/catalogue/left-out/<paper>.json`); a statement the model can measure is a claim, a known gap if it fails.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LeftOut {
    /// The paper's id; the file is called `<paper>.json`.
    pub paper: String,
    /// The statements, in the paper's order.
    pub statements: Vec<LeftOutStatement>,
}

/// One statement left out of the catalogue.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LeftOutStatement {
    /// Where the paper says it (`§5A, Fig. 8`).
    #[serde(rename = "where")]
    pub place: String,
    /// The paper's words, short.
    pub statement: String,
    /// Why the model cannot measure it: what it would need.
    pub why: String,
}

/// The mechanisms one paper's known gaps point to (`engine/catalogue/lacks/<paper>.json`): what the real hardware and
/// software have and the model lacks, each named by the known gaps it explains (their `lacks`), so that a reader sees
/// the few reasons behind many gaps.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Lacks {
    /// The paper's id; the file is called `<paper>.json`.
    pub paper: String,
    /// The mechanisms, most claims first.
    pub mechanisms: Vec<Lack>,
}

/// One mechanism the model lacks.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Lack {
    /// Id, unique within the paper, that a known gap's `lacks` names (`co-runner-turns`).
    pub id: String,
    /// What the model lacks, in a few words.
    pub title: String,
    /// What the real system does, what the model does instead, what follows for the claims, and what was measured.
    pub text: String,
}

/// A platform preset.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PlatformEntry {
    /// Name used in scenarios and links.
    pub name: String,
    /// Position in pickers.
    pub order: u32,
    /// Short title.
    pub title: String,
    /// Where its numbers come from.
    pub description: String,
    /// The platform.
    pub platform: Platform,
}

/// Work classes shared by the presets of one paper, and optionally the program they were calibrated for.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ClassSet {
    /// Name presets use.
    pub name: String,
    /// Where the parameters come from and why they have these values.
    pub description: String,
    /// The classes.
    pub classes: Vec<WorkClass>,
    /// The workload these classes belong to (a loop program), when presets share it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub workload: Option<serde_json::Value>,
}

/// One step of a preset's guided explanation: what to look at, what it shows, and where the page should point.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// A few words.
    pub title: String,
    /// One to three sentences.
    pub text: String,
    /// Gantt of the run to point at (scheduler name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scheduler: Option<String>,
    /// Core row to highlight in that Gantt (in every Gantt when `scheduler` is absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub core: Option<u32>,
    /// Time window to zoom to, `[t0_ns, t1_ns]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window_ns: Option<[u64; 2]>,
}

/// What the OS lab draws for an OS-level preset's sweep.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Lab {
    /// `speedup` (per configuration, one line per scheduler), `power`, `makespan` (bars per workload) or `spread`.
    pub chart: String,
}

/// A scenario preset: the scenario (with references), the teaching around it and the paper's claims it carries.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Preset {
    /// Name used by `asymlab preset NAME` and in links.
    pub name: String,
    /// Position in the gallery and pickers (the first is the default).
    pub order: u32,
    /// Short title (also the scenario's name).
    pub title: String,
    /// What it shows (also the scenario's description).
    pub description: String,
    /// Id of the paper it reproduces, if it reproduces one.
    #[serde(default)]
    pub paper: Option<String>,
    /// The figure it reproduces, read after the paper's citation (`Fig. 4(a) at P = 2 …`), or the set-up it borrows.
    pub figure: String,
    /// The question the preset teaches, in a line.
    pub question: String,
    /// The scenario without name and description; `platform`, `classes` and `workload` may be references.
    pub scenario: serde_json::Value,
    /// Three to six steps.
    pub steps: Vec<Step>,
    /// The paper's claims measured on this preset.
    #[serde(default)]
    pub claims: Vec<Claim>,
    /// OS lab settings, for presets whose figure is a sweep.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lab: Option<Lab>,
    /// For an exercise (a scenario with an `exercise`): the example policy the student starts from (`fifo`, `rws`, `fa`),
    /// added to the scenario as the custom scheduler [`expand::STARTER_NAME`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starter: Option<String>,
}

/// Everything under `engine/catalogue/`, parsed.
#[derive(Clone, Debug, Default)]
pub struct Catalogue {
    /// The papers, by id order of the file.
    pub papers: Vec<Paper>,
    /// Platform presets, in order.
    pub platforms: Vec<PlatformEntry>,
    /// Class sets by name.
    pub class_sets: BTreeMap<String, ClassSet>,
    /// Scenario presets, in order.
    pub presets: Vec<Preset>,
    /// Per paper id, the result statements left out of the claims.
    pub left_out: BTreeMap<String, Vec<LeftOutStatement>>,
    /// Per paper id, the mechanisms its known gaps point to.
    pub lacks: BTreeMap<String, Vec<Lack>>,
}

static CATALOGUE: OnceLock<InputResult<Catalogue>> = OnceLock::new();

fn loaded() -> &'static InputResult<Catalogue> {
    CATALOGUE.get_or_init(|| load::parse_files(load::embedded()))
}

/// Uses `files` (path under a catalogue directory, text) instead of the embedded catalogue, as `asymlab --catalogue DIR`
/// does to evaluate a changed copy (a recalibrated platform, a new preset) without rebuilding. Must come before any other
/// use of the catalogue; the error names the file that does not parse, or says the catalogue is already in use.
pub fn install(files: &[(String, String)]) -> InputResult<()> {
    let parsed = load::parse_files(files.iter().map(|(p, t)| (p.as_str(), t.as_str())))?;
    CATALOGUE.set(Ok(parsed)).map_err(|_| InputError::new("catalogue", "is already loaded; install a directory before any other use"))
}

/// The catalogue; empty if a file does not parse (which `load_error` names and the catalogue tests forbid).
pub fn catalogue() -> &'static Catalogue {
    static EMPTY: OnceLock<Catalogue> = OnceLock::new();
    match loaded() {
        Ok(c) => c,
        Err(_) => EMPTY.get_or_init(Catalogue::default),
    }
}

/// The error of the first catalogue file that does not parse, if any.
pub fn load_error() -> Option<&'static InputError> {
    loaded().as_ref().err()
}

/// The papers.
pub fn papers() -> &'static [Paper] {
    &catalogue().papers
}

/// The paper with id `id`.
pub fn paper(id: &str) -> Option<&'static Paper> {
    papers().iter().find(|p| p.id == id)
}

/// The result statements of paper `id` that the catalogue leaves out (empty when none are listed).
pub fn left_out(id: &str) -> &'static [LeftOutStatement] {
    catalogue().left_out.get(id).map_or(&[], Vec::as_slice)
}

/// The mechanisms the known gaps of paper `id` point to (empty when none are listed).
pub fn lacks(id: &str) -> &'static [Lack] {
    catalogue().lacks.get(id).map_or(&[], Vec::as_slice)
}

/// Platform presets, in order.
pub fn platforms() -> &'static [PlatformEntry] {
    &catalogue().platforms
}

/// The platform preset called `name`.
pub fn platform(name: &str) -> Option<Platform> {
    platforms().iter().find(|p| p.name == name).map(|p| p.platform.clone())
}

/// The class set called `name`.
pub fn class_set(name: &str) -> Option<&'static ClassSet> {
    catalogue().class_sets.get(name)
}

/// Scenario presets, in gallery order; the first is the default.
pub fn presets() -> &'static [Preset] {
    &catalogue().presets
}

/// The preset called `name`.
pub fn preset(name: &str) -> Option<&'static Preset> {
    presets().iter().find(|p| p.name == name)
}

/// The preset whose title is `title` (a scenario's name), if the scenario came from one.
pub fn preset_titled(title: &str) -> Option<&'static Preset> {
    presets().iter().find(|p| p.title == title)
}

/// The scenario of preset `name`, with every reference expanded.
pub fn scenario(name: &str) -> Option<Scenario> {
    preset(name).and_then(|p| expand::scenario_of(p, &BTreeMap::new(), None).ok())
}

/// The teaching around a preset: the question, the figure and the steps.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Guide<'a> {
    /// The question it teaches.
    pub question: &'a str,
    /// The figure it reproduces, with the paper's citation.
    pub figure: &'a str,
    /// Three to six steps.
    pub steps: &'a [Step],
}

/// The guide of preset `name`.
pub fn guide(name: &str) -> Option<Guide<'static>> {
    preset(name).map(|p| Guide { question: &p.question, figure: &p.figure, steps: &p.steps })
}

/// The claims of preset `name` (empty for an unknown preset).
pub fn claims_for(name: &str) -> &'static [Claim] {
    preset(name).map_or(&[], |p| p.claims.as_slice())
}

/// Every claim with its preset, in gallery order.
pub fn claims() -> impl Iterator<Item = (&'static Preset, &'static Claim)> {
    presets().iter().flat_map(|p| p.claims.iter().map(move |c| (p, c)))
}

impl Preset {
    /// The figure as the UI shows it: the paper's citation, then the figure (`Chen et al. Fig. 4(a) …`).
    pub fn figure_text(&self) -> String {
        match self.paper.as_deref().and_then(paper) {
            Some(p) => format!("{} {}", p.cite, self.figure),
            None => self.figure.clone(),
        }
    }
}
