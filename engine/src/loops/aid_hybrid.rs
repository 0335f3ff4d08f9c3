//! AID-hybrid(p, chunk) (Saez et al. §4.2, Fig. 4): AID-static over `p·N` iterations, the rest with dynamic(chunk) so that the end of the loop balances.
//!
//! Small-core threads finish their asymmetric share early and start removing chunks while big-core threads finish
//! theirs, which absorbs SF mispredictions at the cost of some removals (the paper's default p = 80%, chunk 1).

use super::aid_static::AidStatic;
use crate::error::InputResult;
use crate::spec::Params;

/// Default fraction distributed asymmetrically.
pub const DEFAULT_P: f64 = 0.8;

/// AID-hybrid with sampling chunk `m`, fraction `p` in (0, 1] and dynamic chunk `chunk` (None: the loop's).
pub fn aid_hybrid(m: u64, p: f64, chunk: Option<u64>) -> AidStatic {
    AidStatic::new(m, p, chunk, false)
}

/// AID-hybrid from its spec parameters `p`, `chunk` and `m`; `p` must be in (0, 1].
pub fn from_params(params: &mut Params) -> InputResult<AidStatic> {
    let m = params.count("m")?.unwrap_or(1);
    let chunk = params.count("chunk")?;
    let p = params.number("p")?.unwrap_or(DEFAULT_P);
    if !(p > 0.0 && p <= 1.0) {
        return Err(params.error(format!("p must be in (0, 1], got {p}")));
    }
    Ok(aid_hybrid(m, p, chunk))
}
