//! Importer tests over every file in `traces/`: a snapshot of its canonical dump (refresh with `UPDATE_EXPECT=1`), the same result
//! when the format is detected from the content alone and when fed in small chunks (export round trips are in `export.rs`).

use std::path::Path;

use engine::import::{import_bytes, Format};

use crate::import_dump::{corpus, dump, import_as, relative};

fn snapshot_path(rel: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/snapshots").join(format!("{}.txt", rel.replace('/', "__")))
}

#[test]
fn every_trace_matches_its_snapshot() {
    let files = corpus();
    assert!(files.len() >= 10, "traces/ should hold the samples and fixtures, found {}", files.len());
    let update = std::env::var("UPDATE_EXPECT").is_ok();
    let mut failures = Vec::new();
    for path in &files {
        let rel = relative(path);
        let bytes = std::fs::read(path).expect("readable");
        let trace = import_as(path, &rel, &bytes, 1 << 20);
        assert_ne!(trace.format, Format::Unknown, "{rel}: format not recognised");
        assert!(!trace.record.is_empty(), "{rel}: nothing imported");
        let text = dump(&trace, 25, true);
        let snap = snapshot_path(&rel);
        if update {
            std::fs::create_dir_all(snap.parent().expect("parent")).expect("mkdir");
            std::fs::write(&snap, &text).expect("write snapshot");
            continue;
        }
        match std::fs::read_to_string(&snap) {
            Ok(want) if want == text => {}
            Ok(_) => failures.push(format!("{rel}: differs from {} (UPDATE_EXPECT=1 to refresh)", snap.display())),
            Err(_) => failures.push(format!("{rel}: no snapshot at {} (UPDATE_EXPECT=1 to create)", snap.display())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn content_alone_detects_the_format_and_chunking_does_not_matter() {
    for path in corpus() {
        let rel = relative(&path);
        let bytes = std::fs::read(&path).expect("readable");
        let named = import_as(&path, &rel, &bytes, 1 << 20);
        let unnamed = import_as(&path, "", &bytes, 1 << 20);
        assert_eq!(unnamed.format, named.format, "{rel}: content sniffing disagrees with the file name");
        assert_eq!(dump(&unnamed, usize::MAX, true), dump(&named, usize::MAX, true), "{rel}: import differs without the name");
        if bytes.len() < 400_000 {
            let small = import_as(&path, &rel, &bytes, 7);
            assert_eq!(dump(&small, usize::MAX, true), dump(&named, usize::MAX, true), "{rel}: import differs with 7-byte chunks");
        }
    }
}

#[test]
fn malformed_input_is_reported_with_its_line_or_offset() {
    let t = import_bytes("x.txt", b"  a-1 [000] d..2 1.000000: sched_switch: prev_comm=a prev_pid=1 ==> next_comm=b next_pid=2\nnot ftrace\n");
    assert!(t.diagnostics.iter().any(|d| d.line == Some(2)), "{:?}", t.diagnostics);
    let t = import_bytes("x.json", b"[{\"ph\":\"X\",\"ts\":1,\"dur\":1,\"pid\":1,\"tid\":1,\"name\":\"a\"},{\"ph\":\"X\",\"ts\":oops}]");
    assert_eq!(t.record.len(), 1);
    assert_eq!(t.diagnostics[0].offset, Some(54), "{:?}", t.diagnostics);
    let t = import_bytes("empty.json", b"");
    assert!(t.diagnostics[0].message.contains("empty"));
    let t = import_bytes("", b"\x00\x01\x02 binary junk");
    assert_eq!(t.format, Format::Unknown);
    assert_eq!(t.diagnostics_total, 1);
    let mut gz = Vec::new();
    {
        use std::io::Write;
        let mut e = flate2::write::GzEncoder::new(&mut gz, flate2::Compression::fast());
        e.write_all(b"[{\"ph\":\"X\",\"ts\":1,\"dur\":1,\"pid\":1,\"tid\":1,\"name\":\"a\"},{\"ph\":\"X\",\"ts\":2,\"dur\":1,\"pid\":1,\"tid\":1,\"name\":\"b\"}]").expect("gz");
        e.finish().expect("gz");
    }
    let whole = import_bytes("t.json.gz", &gz);
    assert_eq!((whole.record.len(), whole.diagnostics_total), (2, 0));
    let cut = import_bytes("t.json.gz", &gz[..gz.len() - 12]);
    assert!(cut.diagnostics.iter().any(|d| d.message.contains("gzip")), "{:?}", cut.diagnostics);
}
