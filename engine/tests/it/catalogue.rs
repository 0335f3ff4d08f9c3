//! The catalogue as data, checked: every file parses; every preset expands into a valid scenario (the default first, titles
//! unique); its guide points at schedulers, cores and time windows its run has; its claims are well formed, refer to its
//! schedulers and to metric paths that exist in a run of it, and every cell of their grids is a valid scenario; user-visible
//! text names papers by authors, never internal files; `docs/papers.md` is current.

use std::collections::BTreeSet;

use engine::catalogue::claim::{Aggregate, Measure, Status, GAP_SUMMARY_MAX_CHARS};
use engine::catalogue::{self, expand, Preset};
use engine::claims::cells::{claim_cells, points, scenario_of, Seeds};
use engine::claims::{adapter, evaluate, measure};

fn presets() -> &'static [Preset] {
    assert!(catalogue::load_error().is_none(), "{:?}", catalogue::load_error());
    catalogue::presets()
}

#[test]
fn every_preset_expands_validates_and_round_trips() {
    let all = presets();
    assert!(all.len() >= 35);
    assert_eq!(all[0].name, catalogue::DEFAULT_SCENARIO, "the default preset comes first");
    let titles: BTreeSet<&str> = all.iter().map(|p| p.title.as_str()).collect();
    assert_eq!(titles.len(), all.len(), "titles identify presets in links and summaries");
    let orders: BTreeSet<u32> = all.iter().map(|p| p.order).collect();
    assert_eq!(orders.len(), all.len(), "orders are unique");
    for p in all {
        let s = catalogue::scenario(&p.name).unwrap_or_else(|| panic!("{}: {:?}", p.name, expand::scenario_of(p, &Default::default(), None).err()));
        assert_eq!(s.name, p.title);
        let again = engine::Scenario::from_json(&s.to_json()).unwrap_or_else(|e| panic!("{}: {e}", p.name));
        assert_eq!(again, s, "{}", p.name);
        if let Some(id) = &p.paper {
            assert!(catalogue::paper(id).is_some(), "{}: unknown paper {id}", p.name);
        }
        assert!(!p.description.is_empty() && !p.figure.is_empty() && !p.question.is_empty(), "{}", p.name);
        assert_eq!(catalogue::guide(&p.name).map(|g| g.steps.len()), Some(p.steps.len()));
        // An exercise starts from one of the examples, and only an exercise has a starter.
        assert_eq!(s.exercise.is_some(), p.starter.is_some(), "{}: an exercise and its starter go together", p.name);
        if let Some(starter) = &p.starter {
            assert!(engine::policy::examples::example(starter).is_some(), "{}: unknown starter {starter}", p.name);
            assert!(s.schedulers.iter().any(|n| n == expand::STARTER_NAME), "{}", p.name);
        }
    }
    assert_eq!(catalogue::papers().len(), 4);
    assert!(catalogue::platforms().len() >= 8);
}

/// Every text a user may read: presets, steps, claims, platforms, class sets, papers.
fn user_texts() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for p in presets() {
        for (what, t) in [("title", &p.title), ("description", &p.description), ("figure", &p.figure), ("question", &p.question)] {
            out.push((format!("{}.{what}", p.name), t.clone()));
        }
        for (i, s) in p.steps.iter().enumerate() {
            out.push((format!("{}.steps[{i}]", p.name), format!("{} {}", s.title, s.text)));
        }
        for c in &p.claims {
            out.push((c.id.clone(), format!("{} {} {} {} {} {}", c.figure, c.label, c.claim, c.note, c.gap_summary, c.gap)));
        }
        if let Some(e) = catalogue::scenario(&p.name).and_then(|s| s.exercise) {
            out.push((format!("{}.exercise", p.name), e.goal));
        }
    }
    for p in catalogue::platforms() {
        out.push((p.name.clone(), format!("{} {}", p.title, p.description)));
    }
    for s in catalogue::catalogue().class_sets.values() {
        out.push((s.name.clone(), s.description.clone()));
    }
    for p in catalogue::papers() {
        out.push((p.id.clone(), p.summary.clone()));
        for (i, l) in catalogue::left_out(&p.id).iter().enumerate() {
            out.push((format!("left-out/{}[{i}]", p.id), format!("{} {} {}", l.place, l.statement, l.why)));
        }
        for m in catalogue::lacks(&p.id) {
            out.push((format!("lacks/{}.{}", p.id, m.id), format!("{} {}", m.title, m.text)));
        }
    }
    out
}

#[test]
fn left_out_statements_say_where_what_and_why() {
    let papers: BTreeSet<&str> = catalogue::papers().iter().map(|p| p.id.as_str()).collect();
    for (id, list) in &catalogue::catalogue().left_out {
        assert!(papers.contains(id.as_str()), "left-out/{id}.json: unknown paper");
        assert!(!list.is_empty(), "left-out/{id}.json lists nothing");
        for (i, l) in list.iter().enumerate() {
            for (field, text) in [("where", &l.place), ("statement", &l.statement), ("why", &l.why)] {
                assert!(text.trim().len() > 2, "left-out/{id}.json[{i}].{field} is empty");
            }
        }
    }
}

/// Every known gap points to one mechanism of its paper's lacks list, and every mechanism explains at least one known gap:
/// the page groups the gaps by what the model lacks, so a mechanism no gap names any more must go.
#[test]
fn every_known_gap_points_to_a_mechanism_its_paper_lists_and_every_mechanism_to_a_gap() {
    let claims: Vec<&engine::catalogue::Claim> = presets().iter().flat_map(|p| &p.claims).collect();
    for c in &claims {
        if c.status == Status::KnownGap {
            assert!(catalogue::lacks(&c.paper).iter().any(|m| m.id == c.lacks), "{}: lacks '{}' is not in lacks/{}.json", c.id, c.lacks, c.paper);
        }
    }
    for (paper, list) in &catalogue::catalogue().lacks {
        let mut ids = BTreeSet::new();
        for m in list {
            assert!(ids.insert(m.id.as_str()), "lacks/{paper}.json: '{}' twice", m.id);
            assert!(!m.title.trim().is_empty() && m.title.chars().count() <= 80, "lacks/{paper}.json {}: a title of 1–80 characters", m.id);
            assert!(m.text.trim().len() > 40, "lacks/{paper}.json {}: says what the model lacks", m.id);
            let named = claims.iter().filter(|c| c.paper == *paper && c.status == Status::KnownGap && c.lacks == m.id).count();
            assert!(named > 0, "lacks/{paper}.json {}: no known gap points to it", m.id);
        }
    }
}

/// Every paper names the results it leads with (its headline effects, which the papers page and docs/fidelity.md show
/// first): a handful, so that they stay a summary, and with holding claims and known gaps alike judged as any claim.
#[test]
fn every_paper_names_a_handful_of_headline_effects() {
    for paper in catalogue::papers() {
        let n = paper.headline.len();
        assert!((5..=12).contains(&n), "papers.json {}: {n} headline claims, expected 5–12", paper.id);
    }
}

#[test]
fn user_visible_text_cites_papers_by_authors_and_names_no_internal_files() {
    let ids: Vec<String> = presets().iter().map(|p| p.name.clone()).collect();
    for (what, text) in user_texts() {
        let lower = text.to_lowercase();
        // A student has never heard of a "seed": the text says repetitions, runs or random streams; and it names no file of
        // the repository (no `.md` document, no `.rs` source): the model is "the model reference §N".
        for bad in ["seed", ".md", ".rs", "engine/", "summary.paper", "presets_"] {
            assert!(!lower.contains(bad), "{what} mentions '{bad}': {text}");
        }
        for id in ids.iter().filter(|id| id.contains("-fig")) {
            assert!(!lower.contains(id.as_str()), "{what} names the preset file '{id}' instead of the paper's figure: {text}");
        }
    }
}

fn n_cores(s: &engine::Scenario) -> u32 {
    s.platform.clusters.iter().map(|c| c.cores).sum()
}

#[test]
fn guides_and_claims_point_at_what_the_runs_have() {
    let mut ids = BTreeSet::new();
    for p in presets() {
        let s = catalogue::scenario(&p.name).expect("preset");
        let result = engine::run::run(&s).unwrap_or_else(|e| panic!("{}: {e}", p.name));
        let runs = adapter::result_values(&result);
        let known = |name: &str| s.schedulers.iter().any(|x| x == name);
        assert!((3..=6).contains(&p.steps.len()), "{}: {} steps", p.name, p.steps.len());
        for st in &p.steps {
            assert!(!st.title.is_empty() && !st.text.is_empty(), "{}: empty step", p.name);
            assert!(st.scheduler.as_deref().is_none_or(known), "{}: step scheduler {:?}", p.name, st.scheduler);
            assert!(st.core.is_none_or(|c| c < n_cores(&s)), "{}: step core {:?}", p.name, st.core);
            if let Some([t0, t1]) = st.window_ns {
                let makespan = |name: &str| result.runs.iter().find(|r| r.scheduler == name).map(|r| r.metrics.makespan_ns);
                let end = st.scheduler.as_deref().and_then(makespan).unwrap_or_else(|| result.runs.iter().map(|r| r.metrics.makespan_ns).max().unwrap_or(0));
                assert!(t0 < t1 && t0 < end, "{}: window [{t0}, {t1}] against makespan {end}", p.name);
            }
        }
        for c in &p.claims {
            assert!(ids.insert(c.id.clone()), "claim id {} twice", c.id);
            assert!(c.id.starts_with(&format!("{}-", c.paper)), "{}: ids start with the paper's id", c.id);
            assert!(catalogue::paper(&c.paper).is_some(), "{}: unknown paper", c.id);
            assert!(c.seeds >= 5, "{}: paper claims take at least five seeds", c.id);
            assert!(c.seeds <= engine::claims::cells::MAX_SEEDS, "{}: its held-out repetitions start after {} of its own", c.id, engine::claims::cells::MAX_SEEDS);
            evaluate::check(c).unwrap_or_else(|e| panic!("{e}"));
            let names: Vec<&str> = c.grid.iter().map(|a| a.name()).collect();
            assert_eq!(names.iter().collect::<BTreeSet<_>>().len(), names.len(), "{}: axis names are unique", c.id);
            if let Measure::Change { axis, from, to, .. } = &c.measure {
                let a = c.grid.iter().find(|a| a.name() == axis).unwrap_or_else(|| panic!("{}: no axis {axis}", c.id));
                assert!(a.indices_of(from).is_some() && a.indices_of(to).is_some(), "{}: {from} or {to} is not a value of {axis}", c.id);
            }
            if let Measure::GainOfMeans { per, .. } = &c.measure {
                assert!(names.contains(&per.as_str()), "{}: no axis {per}", c.id);
            }
            if let Measure::Lead { axis, at, .. } = &c.measure {
                let a = c.grid.iter().find(|a| a.name() == axis).unwrap_or_else(|| panic!("{}: no axis {axis}", c.id));
                assert!(a.index_of(at).is_some(), "{}: {at} is not a value of {axis}", c.id);
            }
            if let Aggregate::Nested { over, .. } = &c.aggregate {
                assert!(over.iter().all(|o| names.contains(&o.as_str())), "{}: nested aggregate over unknown axes", c.id);
            }
            for (sched, path) in measure::reads(&c.measure) {
                assert!(known(&sched), "{}: scheduler {sched} is not in {}", c.id, p.name);
                let run = runs.iter().find(|r| r["scheduler"] == sched.as_str()).expect("run");
                assert!(measure::at(run, &path).is_some(), "{}: a run of {} has no {path}", c.id, p.name);
            }
            assert_eq!(points(c).expect("points").len() * c.seeds as usize, claim_cells(p, c, Seeds::OWN).expect("cells").len());
            for cell in claim_cells(p, c, Seeds { first: 1, count: Some(1) }).expect("cells") {
                let cs = scenario_of(&cell).unwrap_or_else(|e| panic!("{}: cell {:?}: {e}", c.id, cell.set));
                for (sched, _) in measure::reads(&c.measure) {
                    assert!(cs.schedulers.contains(&sched), "{}: a cell lacks {sched}", c.id);
                }
            }
        }
    }
    assert!(ids.len() >= 100, "{} claims", ids.len());
}

/// A known gap carries a one-sentence summary for the page (at most `GAP_SUMMARY_MAX_CHARS` characters) beside its
/// analysis and the mechanism it points to, and a claim that holds carries none of them: the check names the field.
#[test]
fn a_known_gap_has_a_short_summary_and_a_holding_claim_has_no_gap_text() {
    let gap = catalogue::presets().iter().flat_map(|p| &p.claims).find(|c| c.status == Status::KnownGap).cloned().expect("a known gap");
    assert!(evaluate::check(&gap).is_ok());
    let no_mechanism = engine::catalogue::Claim { lacks: String::new(), ..gap.clone() };
    assert!(evaluate::check(&no_mechanism).unwrap_err().to_string().contains("lacks"));
    let no_summary = engine::catalogue::Claim { gap_summary: String::new(), ..gap.clone() };
    assert!(evaluate::check(&no_summary).unwrap_err().to_string().contains("gap_summary"));
    let long = engine::catalogue::Claim { gap_summary: "x".repeat(GAP_SUMMARY_MAX_CHARS + 1), ..gap.clone() };
    assert!(evaluate::check(&long).unwrap_err().to_string().contains("at most"));
    let holds = engine::catalogue::Claim { status: Status::Holds, ..gap };
    assert!(evaluate::check(&holds).unwrap_err().to_string().contains("only a known gap"));
}

#[test]
fn papers_md_is_current() {
    crate::claims::check_file("docs/papers.md", &engine::claims::report::papers_markdown());
}

/// `asymlab --catalogue DIR` evaluates a changed copy of the catalogue without rebuilding: an unchanged copy gives the
/// built-in verdicts, a changed parameter changes them, and a broken file is named.
#[test]
fn a_catalogue_directory_replaces_the_built_in_one() {
    let fidelity = |dir: Option<&std::path::Path>| {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_asymlab"));
        if let Some(d) = dir {
            cmd.arg("--catalogue").arg(d);
        }
        cmd.args(["fidelity", "--preset", "odroid-xu3-matmul", "--json"]).output().expect("runs")
    };
    let copy = std::env::temp_dir().join(format!("asymlab-catalogue-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&copy);
    let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("catalogue");
    for entry in walk(&source) {
        let to = copy.join(entry.strip_prefix(&source).expect("under the catalogue"));
        std::fs::create_dir_all(to.parent().expect("parent")).expect("dir");
        std::fs::copy(&entry, &to).expect("copy");
    }
    let (built_in, copied) = (fidelity(None), fidelity(Some(&copy)));
    assert!(copied.status.success(), "{}", String::from_utf8_lossy(&copied.stderr));
    assert!(built_in.stdout == copied.stdout, "an unchanged copy evaluates like the built-in catalogue");
    // The A15s start at 800 MHz instead of 1.6 GHz: the preset's runs get slower, so its claims' simulated values move.
    let platform = copy.join("platforms/odroid-xu3.json");
    let text = std::fs::read_to_string(&platform).expect("platform");
    assert!(text.contains("\"freq_mhz\": 1600,"));
    std::fs::write(&platform, text.replacen("\"freq_mhz\": 1600,", "\"freq_mhz\": 800,", 1)).expect("write");
    let changed = fidelity(Some(&copy));
    assert!(changed.status.success(), "{}", String::from_utf8_lossy(&changed.stderr));
    assert!(built_in.stdout != changed.stdout, "the changed platform is the one evaluated");
    std::fs::write(&platform, "{").expect("write");
    let broken = fidelity(Some(&copy));
    assert!(!broken.status.success());
    assert!(String::from_utf8_lossy(&broken.stderr).contains("platforms/odroid-xu3.json"), "{}", String::from_utf8_lossy(&broken.stderr));
    let _ = std::fs::remove_dir_all(&copy);
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("dir").flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}
