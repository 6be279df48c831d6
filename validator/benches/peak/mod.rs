//! Peak resident memory within one benchmark process, for the benches
//! that report memory beside time (Linux; elsewhere the peak reads 0).

/// Resets the process's resident-memory high-water mark.
pub fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The resident-memory high-water mark since [`reset_peak`], in kB.
pub fn peak_kb() -> u64 {
    let status =
        std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}
