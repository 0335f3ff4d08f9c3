//! Reports of evaluated claims: a terminal table, the JSON the gallery reads, `docs/fidelity.md`, and `docs/papers.md`.

use serde_json::json;

use crate::catalogue::claim::Status;
use crate::catalogue::{self, Paper};

use super::evaluate::{format_number, ClaimResult};

fn simulated(r: &ClaimResult) -> String {
    match &r.simulated {
        Some(s) if s.pooled => format!("{} averaged (single runs {} – {})", format_number(s.mean), format_number(s.min), format_number(s.max)),
        Some(s) if s.per_seed.len() > 1 && s.min != s.max => format!("{} ({} – {})", format_number(s.mean), format_number(s.min), format_number(s.max)),
        Some(s) => format_number(s.mean),
        None => "—".into(),
    }
}

fn verdict(r: &ClaimResult) -> String {
    match (&r.verdict, &r.error) {
        (Some(v), _) => v.text.clone(),
        (None, Some(e)) => format!("not measured: {e}"),
        (None, None) => "not measured".into(),
    }
}

/// A number with its unit, as every report writes it ("2.3×", "13.2 %").
pub(super) fn with_unit(x: f64, unit: &str) -> String {
    match unit {
        "" | "×" => format!("{}{unit}", format_number(x)),
        u => format!("{} {u}", format_number(x)),
    }
}

/// How many results hold, and how many are known gaps.
pub fn counts(results: &[ClaimResult]) -> (usize, usize) {
    let holds = results.iter().filter(|r| r.verdict.as_ref().is_some_and(|v| v.holds)).count();
    let gaps = results.iter().filter(|r| r.info.status == Status::KnownGap).count();
    (holds, gaps)
}

/// A plain-text table, one claim per line.
pub fn text(results: &[ClaimResult]) -> String {
    let mut out = format!("{:<44} {:>10} {:>16} {:>26}  {}\n", "claim", "paper", "band", "simulated mean (range)", "verdict");
    for r in results {
        let gap = match r.info.status {
            Status::KnownGap if !r.info.lacks.is_empty() => format!(" (known gap; the model lacks: {})", r.info.lacks),
            Status::KnownGap => " (known gap)".into(),
            _ => String::new(),
        };
        out.push_str(&format!(
            "{:<44} {:>10} {:>16} {:>26}  {}{gap}\n",
            r.info.id,
            with_unit(r.info.value, &r.info.unit),
            r.band_text,
            simulated(r),
            verdict(r),
        ));
    }
    let (holds, gaps) = counts(results);
    out.push_str(&format!("{} claims: {holds} hold, {gaps} known gaps\n", results.len()));
    let (headline_holds, headline) = headline_counts(results);
    if headline > 0 {
        out.push_str(&format!("headline effects (the papers' `headline` claims): {headline_holds} of {headline} hold\n"));
    }
    out
}

/// Each paper's headline claims (`Paper::headline`) among `results`, in the paper's order.
pub fn headline<'a>(paper: &Paper, results: &'a [ClaimResult]) -> Vec<&'a ClaimResult> {
    paper.headline.iter().filter_map(|id| results.iter().find(|r| &r.info.id == id)).collect()
}

/// How many of the papers' headline claims among `results` hold, and how many there are.
pub fn headline_counts(results: &[ClaimResult]) -> (usize, usize) {
    let all: Vec<&ClaimResult> = catalogue::papers().iter().flat_map(|p| headline(p, results)).collect();
    (all.iter().filter(|r| r.verdict.as_ref().is_some_and(|v| v.holds)).count(), all.len())
}

/// The title of the mechanism a known gap points to, or nothing.
fn lack_title(r: &ClaimResult) -> String {
    catalogue::lacks(&r.info.paper).iter().find(|m| m.id == r.info.lacks).map_or(String::new(), |m| m.title.clone())
}

/// "Headline effects": the claims each paper leads with, across the papers, with their verdicts and, for a known gap, the
/// mechanism the model lacks.
fn headline_section(results: &[ClaimResult]) -> String {
    let (holds, n) = headline_counts(results);
    if n == 0 {
        return String::new();
    }
    let mut out = format!(
        "## Headline effects\n\nThe results each paper leads with (its abstract's and conclusions' numbers and the effects its evaluation opens \
         on; `headline` in `engine/catalogue/papers.json`): {holds} of {n} hold. Each is a claim of the tables below.\n\n\
         | paper | claim | paper's value | band | simulated | verdict | the model lacks |\n| --- | --- | --- | --- | --- | --- | --- |\n"
    );
    for paper in catalogue::papers() {
        for r in headline(paper, results) {
            out.push_str(&format!(
                "| {} | {} · {} | {} | {} | {} | {} | {} |\n",
                paper.cite,
                cell(&r.info.figure),
                cell(&r.info.label),
                cell(&with_unit(r.info.value, &r.info.unit)),
                cell(&r.band_text),
                cell(&simulated(r)),
                cell(&verdict(r)),
                cell(&lack_title(r))
            ));
        }
    }
    out.push('\n');
    out
}

/// The JSON of `asymlab fidelity --json`, which the gallery and the papers page read: the claims' results, and per paper
/// the result statements left out of the claims and the mechanisms its known gaps point to.
pub fn json(results: &[ClaimResult]) -> String {
    let c = catalogue::catalogue();
    let v = json!({ "generated_by": "asymlab fidelity --json", "claims": results, "left_out": c.left_out, "lacks": c.lacks });
    serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
}

/// `text` as one markdown table cell.
pub(super) fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

fn heading(p: &Paper) -> String {
    format!("## {} {}: {}\n\n*{}*, {}.\n\n", p.cite, p.year, p.title, p.authors, p.venue)
}

fn other(r: &ClaimResult, check: &[ClaimResult]) -> String {
    match check.iter().find(|c| c.info.id == r.info.id) {
        Some(c) => match &c.simulated {
            Some(s) => format!("{}: {}", format_number(s.mean), verdict(c)),
            None => verdict(c),
        },
        None => "—".into(),
    }
}

/// `docs/fidelity.md`: per paper a short introduction and the table of its claims, each also measured on as many other
/// repetitions (`check`, the same claims on other random streams).
pub fn markdown(results: &[ClaimResult], check: &[ClaimResult]) -> String {
    let (holds, gaps) = counts(results);
    let mut out = String::from(
        "# Fidelity: the papers' claims against the simulation\n\n\
         Every number or direction the presets show from the four papers is a claim in `engine/catalogue/presets/`: which preset, \
         which variations, how many repetitions, what is measured, and the band the paper's own words allow (\"up to 3.5×\" is at most 3.5 \
         and within 30% of it; \"about 13.3%\" is within 30% of 13.3; \"never\" is strictly below). Claims the model does not reach \
         today are marked as known gaps, each listed under its paper with one sentence in italics (what the model gives instead, \
         and why; the explorer shows that sentence under the claim) followed by the mechanism the model lacks and what was measured; \
         before them, \"What the model lacks\" names the few mechanisms behind a paper's gaps, each with the claims it explains. \
         \"Headline effects\" first gathers the results each paper leads with, and the last section lists the model's parameters, \
         each with where it comes from. This page is generated by `asymlab fidelity --markdown`; \
         the engine's tests fail when it is out of date, when a claim that should hold leaves its band, or when a known gap starts holding. \
         A claim that holds must also hold on as many other repetitions (random streams from 1001 on, which no claim is tuned on): \
         the last column gives that value and verdict. Claims that take the worst of several points are judged on their runs \
         averaged over the repetitions, as a figure's bars average the paper's runs; their notes say so.\n\n",
    );
    out.push_str(&format!("{} claims: {holds} hold, {gaps} are known gaps.\n\n", results.len()));
    out.push_str(&headline_section(results));
    for paper in catalogue::papers() {
        let mine: Vec<&ClaimResult> = results.iter().filter(|r| r.info.paper == paper.id).collect();
        if mine.is_empty() {
            continue;
        }
        out.push_str(&heading(paper));
        out.push_str(&format!("{}\n\n", paper.summary));
        out.push_str("| claim | preset | paper | band | simulated mean (min – max over repetitions) | verdict | other repetitions |\n| --- | --- | --- | --- | --- | --- | --- |\n");
        for r in &mine {
            let gap = if r.info.status == Status::KnownGap { " *(known gap)*" } else { "" };
            out.push_str(&format!(
                "| {} · {}{gap} | `{}` | {} | {} | {} | {} | {} |\n",
                cell(&r.info.figure),
                cell(&r.info.label),
                r.preset,
                cell(&with_unit(r.info.value, &r.info.unit)),
                cell(&r.band_text),
                cell(&simulated(r)),
                cell(&verdict(r)),
                cell(&other(r, check))
            ));
        }
        let gap_list: Vec<&ClaimResult> = mine.iter().copied().filter(|r| r.info.status == Status::KnownGap).collect();
        out.push_str(&lacks_section(&paper.id, &gap_list));
        if !gap_list.is_empty() {
            out.push_str("\nKnown gaps:\n\n");
            for r in gap_list {
                let lack = match lack_title(r) {
                    t if t.is_empty() => t,
                    t => format!("; lacks: {t}"),
                };
                out.push_str(&format!("- **{} {}** (`{}`{lack}): *{}* {}\n", r.info.figure, r.info.label, r.info.id, r.info.gap_summary, r.info.gap));
            }
        }
        let left = catalogue::left_out(&paper.id);
        if !left.is_empty() {
            out.push_str(&format!(
                "\nLeft out ({}): result statements of the paper that are not claims, because the model cannot measure them \
                 (a statement it can measure is a claim above, a known gap if the model misses it):\n\n",
                left.len()
            ));
            for s in left {
                out.push_str(&format!("- **{}**: “{}”. {}\n", s.place, s.statement, s.why));
            }
        }
        out.push('\n');
    }
    out.push_str(&super::parameters::markdown());
    out
}

/// "What the model lacks": each mechanism of the paper with the known gaps that point to it.
fn lacks_section(paper: &str, gaps: &[&ClaimResult]) -> String {
    let mechanisms = catalogue::lacks(paper);
    if mechanisms.is_empty() {
        return String::new();
    }
    let mut out = format!(
        "\nWhat the model lacks ({}): the mechanisms the known gaps below point to, each with the claims it leaves out of their bands.\n\n",
        mechanisms.len()
    );
    for m in mechanisms {
        let claims: Vec<String> = gaps.iter().filter(|r| r.info.lacks == m.id).map(|r| format!("{} {}", r.info.figure, r.info.label)).collect();
        out.push_str(&format!("- **{}** ({} {}: {}). {}\n", m.title, claims.len(), if claims.len() == 1 { "claim" } else { "claims" }, claims.join("; "), m.text));
    }
    out
}

/// `docs/papers.md`: the full citations, and which presets and claims come from each paper.
pub fn papers_markdown() -> String {
    let mut out = String::from(
        "# The papers\n\nAsymmetry Lab reproduces the scheduling results of four papers. The UI cites them by authors; this page gives the full \
         citations and lists the presets and claims that come from each (generated by `asymlab fidelity --papers`).\n\n",
    );
    for paper in catalogue::papers() {
        out.push_str(&heading(paper));
        out.push_str(&format!("{}\n\n", paper.summary));
        let presets: Vec<String> = catalogue::presets()
            .iter()
            .filter(|p| p.paper.as_deref() == Some(paper.id.as_str()))
            .map(|p| format!("- `{}`: {}\n", p.name, p.title))
            .collect();
        if !presets.is_empty() {
            out.push_str("Presets that reproduce its figures:\n\n");
            out.extend(presets);
            out.push('\n');
        }
        if !paper.headline.is_empty() {
            out.push_str("Its headline effects, the results it leads with (first in docs/fidelity.md, with their verdicts):\n\n");
            for id in &paper.headline {
                if let Some((p, c)) = catalogue::claims().find(|(_, c)| &c.id == id) {
                    out.push_str(&format!("- {} {} (`{}` on `{}`)\n", c.figure, c.label, c.id, p.name));
                }
            }
            out.push('\n');
        }
        let claims: Vec<String> = catalogue::claims()
            .filter(|(_, c)| c.paper == paper.id)
            .map(|(p, c)| format!("- `{}` ({} on `{}`): {}\n", c.id, c.figure, p.name, c.claim))
            .collect();
        out.push_str(&format!("Claims ({}):\n\n", claims.len()));
        out.extend(claims);
        out.push('\n');
        let lacks = catalogue::lacks(&paper.id);
        if !lacks.is_empty() {
            out.push_str("What the model lacks, behind its known gaps (each explained in docs/fidelity.md):\n\n");
            out.extend(lacks.iter().map(|m| format!("- {}\n", m.title)));
            out.push('\n');
        }
        let left = catalogue::left_out(&paper.id).len();
        if left > 0 {
            out.push_str(&format!(
                "Result statements left out of the claims because the model cannot measure them: {left}, each with its reason in docs/fidelity.md.\n\n"
            ));
        }
    }
    out
}
