//! Parses the embedded catalogue files (`build.rs` lists them) into a [`Catalogue`]: `papers.json`, `platforms/*.json`,
//! `classes/*.json`, `presets/*.json`, `left-out/*.json`, `lacks/*.json`; a file's name must be its entry's `name` (a
//! left-out or lacks list's `paper`, which must be one of the papers), a known gap's `lacks` must name a mechanism of
//! its paper's list, and a paper's `headline` must list claims of that paper, each once.

use crate::error::{InputError, InputResult};

use super::{Catalogue, ClassSet, Lacks, LeftOut, Paper, PlatformEntry, Preset};

mod files {
    include!(concat!(env!("OUT_DIR"), "/catalogue_files.rs"));
}

/// Parses one file; the error names the file, and serde's message the line and column.
fn parse<T: serde::de::DeserializeOwned>(path: &str, text: &str) -> InputResult<T> {
    serde_json::from_str(text).map_err(|e| InputError::new(path, e.to_string()))
}

/// The stem of `dir/stem.json`, if `path` is a file directly in `dir`.
fn stem<'a>(path: &'a str, dir: &str) -> Option<&'a str> {
    path.strip_prefix(dir)?.strip_prefix('/')?.strip_suffix(".json").filter(|s| !s.contains('/'))
}

fn named(path: &str, stem: &str, name: &str) -> InputResult<()> {
    if stem == name {
        Ok(())
    } else {
        Err(InputError::new(format!("{path}.name"), format!("is '{name}' but the file is called {stem}.json")))
    }
}

/// The files embedded at build time.
pub(super) fn embedded() -> impl Iterator<Item = (&'static str, &'static str)> {
    files::FILES.iter().copied()
}

/// Parses every file (path under the catalogue directory, text); the error names the file and field.
pub(super) fn parse_files<'a>(files: impl Iterator<Item = (&'a str, &'a str)>) -> InputResult<Catalogue> {
    let mut c = Catalogue::default();
    let mut left_out = Vec::new();
    let mut lacks = Vec::new();
    for (path, text) in files {
        if path == "papers.json" {
            c.papers = parse::<Vec<Paper>>(path, text)?;
        } else if let Some(s) = stem(path, "platforms") {
            let p: PlatformEntry = parse(path, text)?;
            named(path, s, &p.name)?;
            c.platforms.push(p);
        } else if let Some(s) = stem(path, "classes") {
            let set: ClassSet = parse(path, text)?;
            named(path, s, &set.name)?;
            c.class_sets.insert(set.name.clone(), set);
        } else if let Some(s) = stem(path, "presets") {
            let p: Preset = parse(path, text)?;
            named(path, s, &p.name)?;
            c.presets.push(p);
        } else if let Some(s) = stem(path, "left-out") {
            let l: LeftOut = parse(path, text)?;
            named(path, s, &l.paper)?;
            left_out.push((path, l));
        } else if let Some(s) = stem(path, "lacks") {
            let l: Lacks = parse(path, text)?;
            named(path, s, &l.paper)?;
            lacks.push((path, l));
        } else {
            return Err(InputError::new(path, "is not a catalogue file (papers.json, platforms/, classes/, presets/, left-out/ or lacks/)"));
        }
    }
    for (path, l) in left_out {
        if !c.papers.iter().any(|p| p.id == l.paper) {
            return Err(InputError::new(format!("{path}.paper"), format!("'{}' is not a paper of papers.json", l.paper)));
        }
        c.left_out.insert(l.paper, l.statements);
    }
    for (path, l) in lacks {
        if !c.papers.iter().any(|p| p.id == l.paper) {
            return Err(InputError::new(format!("{path}.paper"), format!("'{}' is not a paper of papers.json", l.paper)));
        }
        c.lacks.insert(l.paper, l.mechanisms);
    }
    for p in &c.presets {
        for (i, claim) in p.claims.iter().enumerate() {
            let known = c.lacks.get(&claim.paper).is_some_and(|list| list.iter().any(|m| m.id == claim.lacks));
            if !claim.lacks.is_empty() && !known {
                return Err(InputError::new(
                    format!("presets/{}.json.claims[{i}].lacks", p.name),
                    format!("'{}' is not a mechanism of lacks/{}.json", claim.lacks, claim.paper),
                ));
            }
        }
    }
    for (i, paper) in c.papers.iter().enumerate() {
        for (j, id) in paper.headline.iter().enumerate() {
            let claim = c.presets.iter().flat_map(|p| &p.claims).find(|claim| &claim.id == id);
            let problem = match claim {
                None => Some(format!("'{id}' is not a claim of any preset")),
                Some(claim) if claim.paper != paper.id => Some(format!("'{id}' is a claim of {}, not of {}", claim.paper, paper.id)),
                Some(_) if paper.headline[..j].contains(id) => Some(format!("'{id}' is listed twice")),
                Some(_) => None,
            };
            if let Some(problem) = problem {
                return Err(InputError::new(format!("papers.json[{i}].headline[{j}]"), problem));
            }
        }
    }
    c.platforms.sort_by(|a, b| (a.order, &a.name).cmp(&(b.order, &b.name)));
    c.presets.sort_by(|a, b| (a.order, &a.name).cmp(&(b.order, &b.name)));
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_known_gap_must_name_a_mechanism_of_its_papers_lacks_list() {
        let files: Vec<(&str, String)> = embedded()
            .map(|(p, t)| (p, if p == "presets/dam-fig5.json" { t.replacen("\"lacks\": \"co-runner-turns\"", "\"lacks\": \"nope\"", 1) } else { t.to_string() }))
            .collect();
        assert!(parse_files(embedded()).is_ok());
        let err = parse_files(files.iter().map(|(p, t)| (*p, t.as_str()))).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(err.contains("presets/dam-fig5.json.claims[") && err.contains("'nope' is not a mechanism of lacks/chen2020.json"), "{err}");
    }

    #[test]
    fn a_papers_headline_must_list_its_own_claims_once() {
        let with_papers = |from: &str, to: &str| -> String {
            let files: Vec<(&str, String)> = embedded().map(|(p, t)| (p, if p == "papers.json" { t.replacen(from, to, 1) } else { t.to_string() })).collect();
            parse_files(files.iter().map(|(p, t)| (*p, t.as_str()))).err().map(|e| e.to_string()).unwrap_or_default()
        };
        let first = "\"headline\": [";
        let err = with_papers(first, "\"headline\": [\"nope\", ");
        assert!(err.contains("papers.json[0].headline[0]") && err.contains("'nope' is not a claim of any preset"), "{err}");
        let err = with_papers(first, "\"headline\": [\"chen2020-fig4a-damc-over-rws\", ");
        assert!(err.contains("papers.json[0].headline[0]") && err.contains("is a claim of chen2020, not of chronaki2019"), "{err}");
        let err = with_papers(first, "\"headline\": [\"chronaki2019-fig6-gts-speedup-44\", ");
        assert!(err.contains("papers.json[0].headline[") && err.contains("listed twice"), "{err}");
    }
}
