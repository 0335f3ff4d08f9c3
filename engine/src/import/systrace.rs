//! Android systrace HTML: the ftrace text inside `<script class="trace-data">` blocks goes to the ftrace parser; JSON blocks (clock-sync metadata) are skipped.

use super::builder::{Builder, Location};
use super::ftrace::FtraceParser;
use super::lines::{LineParser, Lines};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Where {
    Outside,
    /// Inside a trace-data block, before its first non-blank line.
    BlockStart,
    InText,
    InJson,
}

/// Streaming systrace HTML parser.
pub struct SystraceParser {
    lines: Lines,
    ftrace: FtraceParser,
    at: Where,
    blocks: u32,
    json_blocks: u32,
}

impl Default for SystraceParser {
    fn default() -> Self {
        Self::new()
    }
}

impl SystraceParser {
    /// A parser outside any block.
    pub fn new() -> Self {
        SystraceParser { lines: Lines::new(), ftrace: FtraceParser::new(), at: Where::Outside, blocks: 0, json_blocks: 0 }
    }

    /// Feeds a chunk of the page.
    pub fn push(&mut self, b: &mut Builder, data: &[u8]) {
        self.push_lines(b, data);
    }

    /// Ends the page.
    pub fn finish(mut self, b: &mut Builder) {
        self.finish_lines(b);
        if self.blocks == 0 {
            b.diag(Location::None, "no <script class=\"trace-data\"> block found in the page".into());
        } else if self.at != Where::Outside {
            b.diag(Location::Line(self.lines.line_no()), "the page ends inside a trace-data block (truncated file?)".into());
        }
        if self.json_blocks > 0 {
            b.diag(Location::None, format!("{} JSON trace-data block(s) (clock-sync metadata) skipped", self.json_blocks));
        }
        self.ftrace.finish(b);
    }

    fn line(&mut self, b: &mut Builder, line: &[u8], no: u64) {
        let mut line = line;
        if self.at == Where::Outside {
            let Some(p) = memchr::memmem::find(line, b"class=\"trace-data\"") else { return };
            self.blocks += 1;
            self.at = Where::BlockStart;
            let rest = &line[p..];
            let Some(gt) = memchr::memchr(b'>', rest) else { return };
            line = &rest[gt + 1..];
        }
        let mut closing = false;
        if let Some(p) = memchr::memmem::find(line, b"</script>") {
            line = &line[..p];
            closing = true;
        }
        if self.at == Where::BlockStart {
            let t = line.iter().position(|c| !c.is_ascii_whitespace());
            if let Some(i) = t {
                if line[i] == b'{' || line[i] == b'[' {
                    self.at = Where::InJson;
                    self.json_blocks += 1;
                } else {
                    self.at = Where::InText;
                }
            }
        }
        if self.at == Where::InText {
            self.ftrace.line(b, line, no);
        }
        if closing {
            self.at = Where::Outside;
        }
    }
}

super::lines::line_parser!(SystraceParser);
