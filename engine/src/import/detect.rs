//! Two-pass format detection, as speedscope does it: the file name first, then the content.

use super::ftrace::parse_line;
use super::Format;

/// The format a file name implies, if any (a `.gz` suffix is looked through). `.json` says Chrome JSON but content can still say Taskflow.
pub fn by_name(file_name: &str) -> Option<Format> {
    let lower = file_name.to_ascii_lowercase();
    let name = lower.strip_suffix(".gz").unwrap_or(&lower);
    if name.ends_with(".prv") {
        Some(Format::Paraver)
    } else if name.ends_with(".paje") || name.ends_with("paje.trace") {
        Some(Format::Paje)
    } else if name.ends_with(".html") || name.ends_with(".htm") {
        Some(Format::Systrace)
    } else if name.ends_with(".json") {
        Some(Format::ChromeJson)
    } else if name.ends_with(".perfetto-trace") || name.ends_with(".perfetto_trace") || name.ends_with(".pftrace") || name.ends_with(".pb") {
        Some(Format::Perfetto)
    } else {
        None
    }
}

/// The format the first bytes of the (decompressed) content show.
pub fn by_content(head: &[u8]) -> Format {
    // Protobuf first: its first byte (0x0A, the key of `Trace.packet`) is also a newline, which text detection trims.
    if super::perfetto::looks_like(head) {
        return Format::Perfetto;
    }
    let start = head.iter().position(|c| !c.is_ascii_whitespace() && !matches!(c, 0xEF | 0xBB | 0xBF)).unwrap_or(head.len());
    let body = &head[start..];
    let has = |needle: &[u8]| memchr::memmem::find(body, needle).is_some();
    if body.starts_with(b"#Paraver") {
        return Format::Paraver;
    }
    if (body.starts_with(b"%") || body.starts_with(b"#")) && memchr::memmem::find(&body[..body.len().min(8192)], b"%EventDef").is_some() {
        return Format::Paje;
    }
    let lower_head: Vec<u8> = body.iter().take(4096).map(u8::to_ascii_lowercase).collect();
    if lower_head.starts_with(b"<!doctype html") || lower_head.starts_with(b"<html") || has(b"class=\"trace-data\"") {
        return Format::Systrace;
    }
    if body.first() == Some(&b'{') || body.first() == Some(&b'[') {
        if has(b"\"executor\"") && has(b"\"span\"") && !has(b"\"ph\"") {
            return Format::Taskflow;
        }
        return Format::ChromeJson;
    }
    let mut checked = 0;
    for line in body.split(|&c| c == b'\n').take(200) {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.starts_with(b"# tracer:") {
            return Format::Ftrace;
        }
        if line.is_empty() || line[0] == b'#' {
            continue;
        }
        if parse_line(line).is_some() {
            return Format::Ftrace;
        }
        checked += 1;
        if checked > 50 {
            break;
        }
    }
    Format::Unknown
}

/// True when `head` looks like UTF-16 text: a UTF-16 byte-order mark, or a zero byte in every other position.
pub fn is_utf16(head: &[u8]) -> bool {
    if head.starts_with(&[0xFF, 0xFE]) || head.starts_with(&[0xFE, 0xFF]) {
        return true;
    }
    let sample = &head[..head.len().min(512)];
    sample.len() >= 8 && (0..2).any(|phase| sample.iter().skip(phase).step_by(2).all(|&c| c == 0))
}

/// What the content of a file no importer reads looks like, in words: why nothing was imported.
pub fn describe_unknown(head: &[u8]) -> String {
    const KNOWN: &str = "this importer reads ftrace text, systrace HTML, Chrome JSON, Taskflow JSON, Paraver .prv, Paje and Perfetto protobuf";
    let start = head.iter().position(|c| !c.is_ascii_whitespace()).unwrap_or(head.len());
    let body = &head[start..];
    let starts = |magic: &[u8]| body.starts_with(magic);
    let what = if head.is_empty() || body.is_empty() {
        return "the file is empty or holds only white space".to_string();
    } else if is_utf16(head) {
        return "the file is UTF-16 text; save it as UTF-8 and import it again".to_string();
    } else if starts(b"%EventDef") || starts(b"%EndEventDef") || memchr::memmem::find(&body[..body.len().min(4096)], b"\n%EventDef").is_some() {
        "a Pajé trace (%EventDef …), a format it does not read"
    } else if starts(b"PERFILE2") || starts(b"PERFFILE") {
        "a Linux perf.data file (convert it with `perf script` or `trace-cmd`)"
    } else if starts(&[0xC1, 0x1F, 0xFC, 0xC1]) || starts(&[0xC1, 0xFC, 0x1F, 0xC1]) {
        "a CTF (LTTng) trace, a format it does not read"
    } else if starts(b"PK\x03\x04") {
        "a zip archive (unzip it first)"
    } else if starts(&[0x28, 0xB5, 0x2F, 0xFD]) {
        "zstd-compressed data (decompress it first)"
    } else if starts(b"BZh") || starts(&[0xFD, b'7', b'z', b'X', b'Z']) {
        "bzip2 or xz-compressed data (decompress it first)"
    } else if starts(b"%PDF") {
        "a PDF document"
    } else if starts(&[0x0A, 0x00]) || starts(b"\x0a\x0d") {
        "binary data that is not a Perfetto protobuf trace"
    } else if body.iter().take(4096).filter(|&&c| c == 0 || (c < 0x20 && !c.is_ascii_whitespace())).count() > 16 {
        "binary data, not text"
    } else {
        "text that is none of these formats"
    };
    format!("the file is {what}; {KNOWN}")
}

