//! Platform configurations named in scenarios and sweeps: a platform preset (`gem5-8l8s`), or a subset of one with B big
//! and L little cores (`odroid-xu3:2+2`, Chronaki et al.'s configurations, written big+little).

use crate::error::{InputError, InputResult};
use crate::model::Platform;

/// Builds `NAME:B+L` (B cores of the preset's fastest cluster, L of its slowest), or any platform preset by name.
pub fn config_platform(name: &str) -> InputResult<Platform> {
    if let Some(p) = super::platform(name) {
        return Ok(p);
    }
    let Some((base, counts)) = name.split_once(':') else {
        return Err(InputError::new("config", format!("unknown configuration '{name}' (a platform preset, or odroid-xu3:B+L such as odroid-xu3:2+2)")));
    };
    let Some(base_platform) = super::platform(base) else {
        return Err(InputError::new("config", format!("unknown platform '{base}' in '{name}'")));
    };
    let parsed = counts.split_once('+').and_then(|(b, l)| Some((b.trim().parse::<u32>().ok()?, l.trim().parse::<u32>().ok()?)));
    let Some((big, little)) = parsed else {
        return Err(InputError::new("config", format!("'{counts}' is not B+L (big + little cores), as in 2+2")));
    };
    subset(&base_platform, big, little)
}

/// The platform with `big` cores in its fastest cluster and `little` in its slowest; empty clusters are dropped.
pub fn subset(base: &Platform, big: u32, little: u32) -> InputResult<Platform> {
    if big + little == 0 {
        return Err(InputError::new("config", "needs at least one core"));
    }
    let max_ratio = base.clusters.iter().map(|c| c.ratio).fold(f64::MIN, f64::max);
    let mut p = base.clone();
    for c in &mut p.clusters {
        let limit = c.cores;
        c.cores = if c.ratio >= max_ratio { big } else { little };
        if c.cores > limit {
            return Err(InputError::new("config", format!("{} has only {limit} {} cores, asked for {}", base.name, c.name, c.cores)));
        }
    }
    p.clusters.retain(|c| c.cores > 0);
    p.name = format!("{} {big}+{little}", base.name);
    Ok(p)
}
