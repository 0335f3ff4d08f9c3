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
    } else {
        None
    }
}

/// The format the first bytes of the (decompressed) content show.
pub fn by_content(head: &[u8]) -> Format {
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
