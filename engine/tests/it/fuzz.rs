//! A fuzz harness that needs no nightly toolchain: every importer gets thousands of mutated inputs (truncations, byte flips,
//! splices, insertions, random chunking) seeded from `traces/`, and must return a well-formed trace without panicking or hanging.

use std::time::{Duration, Instant};

use engine::import::{ImportedTrace, Importer};
use engine::sim::Rng;

use crate::import_dump::corpus;

/// Mutated inputs per importer.
const CASES_PER_IMPORTER: usize = 2_000;
/// Largest seed prefix, so that each case stays fast.
const MAX_SEED_BYTES: usize = 6_000;

fn mutate(rng: &mut Rng, seed: &[u8], other: &[u8]) -> Vec<u8> {
    let mut v = seed.to_vec();
    for _ in 0..1 + rng.below(4) {
        let n = v.len().max(1) as u64;
        match rng.below(6) {
            0 => v.truncate(rng.below(n) as usize),
            1 => {
                if !v.is_empty() {
                    let i = rng.below(n) as usize;
                    v[i] ^= 1 << rng.below(8);
                }
            }
            2 => {
                let i = rng.below(n) as usize;
                let from = rng.below(other.len().max(1) as u64) as usize;
                let len = rng.below(200) as usize;
                let piece = &other[from.min(other.len())..(from + len).min(other.len())];
                v.splice(i.min(v.len())..i.min(v.len()), piece.iter().copied());
            }
            3 => {
                let i = rng.below(n) as usize;
                let special = [b'{', b'}', b'[', b']', b'"', b'\\', b':', b'|', b'\n', b'\r', 0xff, b'0', b'-'];
                v.insert(i.min(v.len()), special[rng.below(special.len() as u64) as usize]);
            }
            4 => {
                if v.len() > 2 {
                    let a = rng.below(n) as usize;
                    let b = rng.below(n) as usize;
                    let (a, b) = (a.min(b), a.max(b));
                    v.drain(a..b);
                }
            }
            _ => {
                let a = rng.below(n) as usize;
                let len = rng.below(300) as usize;
                let piece: Vec<u8> = v[a.min(v.len())..(a + len).min(v.len())].to_vec();
                v.extend_from_slice(&piece);
            }
        }
    }
    v
}

fn well_formed(t: &ImportedTrace, ctx: &str) {
    let r = &t.record;
    assert_eq!(t.depth.len(), r.len(), "{ctx}");
    for i in 0..r.len() {
        assert!(r.start_ns[i] <= r.end_ns[i], "{ctx}: slice {i} ends before it starts");
        assert!((r.lane[i] as usize) < t.lanes.len(), "{ctx}: slice {i} on a lane that does not exist");
        assert!((r.group[i] as usize) < t.names.len(), "{ctx}: slice {i} has no name");
        assert!(i == 0 || (r.lane[i - 1], r.start_ns[i - 1]) <= (r.lane[i], r.start_ns[i]), "{ctx}: slices not sorted");
    }
    assert!(t.diagnostics.len() <= t.diagnostics_total);
}

#[test]
fn every_importer_survives_mutated_inputs() {
    let seeds: Vec<Vec<u8>> = corpus()
        .iter()
        .filter(|p| !p.to_string_lossy().ends_with(".gz"))
        .map(|p| {
            let b = std::fs::read(p).expect("readable");
            // Take a window with content: HTML pages hold their trace far from the start.
            let at = memchr_find(&b, b"trace-data").unwrap_or(0);
            b[at..(at + MAX_SEED_BYTES).min(b.len())].to_vec()
        })
        .collect();
    let gz_seed = {
        let mut gz = Vec::new();
        use std::io::Write;
        let mut e = flate2::write::GzEncoder::new(&mut gz, flate2::Compression::fast());
        e.write_all(&seeds[0]).expect("gz");
        e.finish().expect("gz");
        gz
    };
    let names = ["fuzz.txt", "fuzz.html", "fuzz.json", "fuzz-tf.json", "fuzz.prv", "fuzz.json.gz"];
    let mut rng = Rng::new(0xF022);
    let started = Instant::now();
    for name in names {
        for case in 0..CASES_PER_IMPORTER {
            let seed = if name.ends_with(".gz") { &gz_seed } else { &seeds[rng.below(seeds.len() as u64) as usize] };
            let other = &seeds[rng.below(seeds.len() as u64) as usize];
            let input = mutate(&mut rng, seed, other);
            let chunk = 1 + rng.below(4096) as usize;
            let t0 = Instant::now();
            let mut importer = Importer::new(name);
            if name == "fuzz-tf.json" {
                importer.force_format(engine::import::Format::Taskflow);
            }
            for c in input.chunks(chunk) {
                importer.push(c);
            }
            let trace = importer.finish();
            let ctx = format!("{name} case {case}");
            well_formed(&trace, &ctx);
            assert!(t0.elapsed() < Duration::from_secs(2), "{ctx}: took {:?} on {} bytes", t0.elapsed(), input.len());
        }
    }
    assert!(started.elapsed() < Duration::from_secs(60), "fuzzing took {:?}", started.elapsed());
}

fn memchr_find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}
