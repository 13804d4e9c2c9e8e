import Foundation

/// This process's resident memory, from `/proc/self/status`, and its peak,
/// which the kernel lets a process reset (`/proc/self/clear_refs`), so a test
/// can measure the most one call took.
enum PeakMemory {
    /// Sets the peak to the current resident size; `false` where the kernel does not allow it.
    static func reset() -> Bool {
        (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
    }

    /// Bytes resident now (`VmRSS`).
    static var resident: Int { field("VmRSS:") }

    /// The most bytes resident since the last reset (`VmHWM`).
    static var peak: Int { field("VmHWM:") }

    private static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
              let kilobytes = Int(line.dropFirst(name.count).split(separator: " ").first ?? "") else { return 0 }
        return kilobytes << 10
    }
}
