//! How the command line (and the benchmarks, to measure the same thing)
//! asks the kernel for memory.

/// Turns transparent huge pages off for this process (Linux only; a no-op
/// elsewhere and when the kernel refuses).
///
/// mimalloc advises huge pages on its arenas (`MADV_HUGEPAGE`), so each
/// page fault makes the kernel zero 2 MB, and mimalloc purges freed memory
/// and faults it in again as the next scenario is read: `perf` put 40% of
/// a 1,000-scenario run and 66% of a 100,000-finding run in the kernel's
/// `clear_page_erms`, and the huge pages held the peak at 69-83 MB where
/// 4 kB pages need about 50 MB. Called first thing in `main`: the kernel
/// reads the flag at each fault, so arenas mapped before still fault
/// small pages.
pub fn no_huge_pages() {
    #[cfg(target_os = "linux")]
    {
        // An error (an old kernel) leaves the default: slower, not wrong.
        let _ = rustix::thread::disable_transparent_huge_pages(true);
    }
}
