//! Splits chunked input into lines (LF or CRLF), carrying a partial line over to the next chunk and counting line numbers.
//! A line longer than [`MAX_LINE_BYTES`] (a file of zeros, a binary file) is skipped up to its end instead of growing the carry.

/// Longest line carried over between chunks; a longer one is skipped and reported.
pub const MAX_LINE_BYTES: usize = 4 << 20;

/// A line splitter fed chunk by chunk.
#[derive(Default)]
pub struct Lines {
    carry: Vec<u8>,
    line_no: u64,
    skipping: bool,
    overlong: Vec<u64>,
}

fn trim_cr(line: &[u8]) -> &[u8] {
    match line.last() {
        Some(b'\r') => &line[..line.len() - 1],
        _ => line,
    }
}

impl Lines {
    /// A splitter at line 1.
    pub fn new() -> Self {
        Lines::default()
    }

    /// Calls `f(line, line_no)` for every complete line in `data` (line numbers are 1-based, the line has no end-of-line bytes).
    pub fn push(&mut self, data: &[u8], mut f: impl FnMut(&[u8], u64)) {
        let mut data = data;
        if self.skipping {
            let Some(nl) = memchr::memchr(b'\n', data) else { return };
            self.end_overlong();
            data = &data[nl + 1..];
        }
        let mut start = 0;
        if !self.carry.is_empty() {
            let Some(nl) = memchr::memchr(b'\n', data) else {
                if self.carry.len() + data.len() > MAX_LINE_BYTES {
                    self.carry.clear();
                    self.skipping = true;
                } else {
                    self.carry.extend_from_slice(data);
                }
                return;
            };
            if self.carry.len() + nl > MAX_LINE_BYTES {
                self.carry.clear();
                self.end_overlong();
                return self.push(&data[nl + 1..], f);
            }
            self.carry.extend_from_slice(&data[..nl]);
            self.line_no += 1;
            let carry = std::mem::take(&mut self.carry);
            f(trim_cr(&carry), self.line_no);
            self.carry = carry;
            self.carry.clear();
            start = nl + 1;
        }
        let base = start;
        for nl in memchr::memchr_iter(b'\n', &data[base..]) {
            let end = base + nl;
            self.line_no += 1;
            f(trim_cr(&data[start..end]), self.line_no);
            start = end + 1;
        }
        if data.len() - start > MAX_LINE_BYTES {
            self.skipping = true;
        } else {
            self.carry.extend_from_slice(&data[start..]);
        }
    }

    /// An overlong line ended: count it and note its number.
    fn end_overlong(&mut self) {
        self.skipping = false;
        self.line_no += 1;
        if self.overlong.len() < 20 {
            self.overlong.push(self.line_no);
        }
    }

    /// Numbers of the overlong lines skipped since the last call (the first 20).
    pub fn take_overlong(&mut self) -> Vec<u64> {
        std::mem::take(&mut self.overlong)
    }

    /// Calls `f` for the last line if the input did not end with a newline.
    pub fn finish(&mut self, mut f: impl FnMut(&[u8], u64)) {
        if self.skipping {
            self.end_overlong();
            return;
        }
        if !self.carry.is_empty() {
            self.line_no += 1;
            let carry = std::mem::take(&mut self.carry);
            f(trim_cr(&carry), self.line_no);
        }
    }

    /// Lines seen so far.
    pub fn line_no(&self) -> u64 {
        self.line_no
    }
}

/// A parser that reads its input line by line through a [`Lines`] splitter it owns.
pub(crate) trait LineParser {
    /// The parser's splitter.
    fn splitter(&mut self) -> &mut Lines;
    /// Handles one complete line (`no` is 1-based).
    fn line(&mut self, b: &mut super::builder::Builder, line: &[u8], no: u64);

    /// Feeds a chunk: every complete line in it goes to [`LineParser::line`].
    fn push_lines(&mut self, b: &mut super::builder::Builder, data: &[u8]) {
        let mut lines = std::mem::take(self.splitter());
        lines.push(data, |line, no| self.line(b, line, no));
        report_overlong(b, &mut lines);
        *self.splitter() = lines;
    }

    /// Ends the input: a last line without a newline still goes to [`LineParser::line`].
    fn finish_lines(&mut self, b: &mut super::builder::Builder) {
        let mut lines = std::mem::take(self.splitter());
        lines.finish(|line, no| self.line(b, line, no));
        report_overlong(b, &mut lines);
        *self.splitter() = lines;
    }
}

/// Implements [`LineParser`] for a parser that keeps its splitter in a `lines` field and has an inherent `line` method.
macro_rules! line_parser {
    ($parser:ident) => {
        impl $crate::import::lines::LineParser for $parser {
            fn splitter(&mut self) -> &mut $crate::import::lines::Lines {
                &mut self.lines
            }

            fn line(&mut self, b: &mut $crate::import::builder::Builder, line: &[u8], no: u64) {
                $parser::line(self, b, line, no);
            }
        }
    };
}
pub(crate) use line_parser;

fn report_overlong(b: &mut super::builder::Builder, lines: &mut Lines) {
    for no in lines.take_overlong() {
        b.diag(super::builder::Location::Line(no), format!("the line is longer than {} MiB (not text?); skipped", MAX_LINE_BYTES >> 20));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_split_across_chunks_with_crlf() {
        let mut lines = Lines::new();
        let mut out = Vec::new();
        for chunk in [&b"ab"[..], b"c\r\nd", b"", b"e\nf\r\n", b"g"] {
            lines.push(chunk, |l, n| out.push((String::from_utf8_lossy(l).into_owned(), n)));
        }
        lines.finish(|l, n| out.push((String::from_utf8_lossy(l).into_owned(), n)));
        let want: Vec<(String, u64)> = [("abc", 1), ("de", 2), ("f", 3), ("g", 4)].iter().map(|(s, n)| (s.to_string(), *n)).collect();
        assert_eq!(out, want);
    }

    #[test]
    fn an_overlong_line_is_skipped_without_growing_the_carry() {
        let mut lines = Lines::new();
        let mut out = Vec::new();
        let zeros = vec![0u8; 1 << 20];
        lines.push(b"a\nb", |l, n| out.push((l.len(), n)));
        for _ in 0..(MAX_LINE_BYTES >> 20) + 3 {
            lines.push(&zeros, |l, n| out.push((l.len(), n)));
            assert!(lines.carry.len() <= MAX_LINE_BYTES);
        }
        lines.push(b"\nc\n", |l, n| out.push((l.len(), n)));
        lines.finish(|l, n| out.push((l.len(), n)));
        assert_eq!(out, vec![(1, 1), (1, 3)]);
        assert_eq!(lines.take_overlong(), vec![2]);
        let mut lines = Lines::new();
        lines.push(&zeros, |_, _| {});
        lines.finish(|_, _| {});
        assert_eq!(lines.take_overlong(), Vec::<u64>::new(), "1 MiB is not overlong");
    }
}
