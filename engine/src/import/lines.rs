//! Splits chunked input into lines (LF or CRLF), carrying a partial line over to the next chunk and counting line numbers.

/// A line splitter fed chunk by chunk.
#[derive(Default)]
pub struct Lines {
    carry: Vec<u8>,
    line_no: u64,
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
        let mut start = 0;
        if !self.carry.is_empty() {
            let Some(nl) = memchr::memchr(b'\n', data) else {
                self.carry.extend_from_slice(data);
                return;
            };
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
        self.carry.extend_from_slice(&data[start..]);
    }

    /// Calls `f` for the last line if the input did not end with a newline.
    pub fn finish(&mut self, mut f: impl FnMut(&[u8], u64)) {
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
        *self.splitter() = lines;
    }

    /// Ends the input: a last line without a newline still goes to [`LineParser::line`].
    fn finish_lines(&mut self, b: &mut super::builder::Builder) {
        let mut lines = std::mem::take(self.splitter());
        lines.finish(|line, no| self.line(b, line, no));
        *self.splitter() = lines;
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
}
