//! cargo-fuzz target: the ftrace importer on arbitrary bytes, fed in two chunks split at the first byte's value; it must not panic.
#![no_main]

use engine::import::{Format, Importer};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut importer = Importer::new("");
    importer.force_format(Format::Ftrace);
    let split = data.first().map_or(0, |&b| (b as usize).min(data.len()));
    importer.push(&data[..split]);
    importer.push(&data[split..]);
    let trace = importer.finish();
    assert_eq!(trace.depth.len(), trace.record.len());
});
