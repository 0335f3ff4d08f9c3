//! cargo-fuzz target: the chrome_json importer on arbitrary bytes (see `engine_fuzz::import_in_two_chunks`); it must not panic.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| engine_fuzz::import_in_two_chunks(engine::import::Format::ChromeJson, data));
