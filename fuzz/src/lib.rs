//! What every cargo-fuzz target does: one importer on arbitrary bytes, fed in two chunks split at the first byte's value.
//! It must not panic, and every slice it keeps has a depth.

use engine::import::{Format, Importer};

/// Imports `data` as `format` in two chunks; panics (a finding) only if the importer breaks its own invariant.
pub fn import_in_two_chunks(format: Format, data: &[u8]) {
    let mut importer = Importer::new("");
    importer.force_format(format);
    let split = data.first().map_or(0, |&b| (b as usize).min(data.len()));
    importer.push(&data[..split]);
    importer.push(&data[split..]);
    let trace = importer.finish();
    assert_eq!(trace.depth.len(), trace.record.len());
}
