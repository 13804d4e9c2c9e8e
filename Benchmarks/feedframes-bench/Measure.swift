import Foundation

/// Timing helpers. Figures vary from run to run on a shared machine, so the
/// benchmark reports ratios measured in the same run beside absolute times.
enum Measure {
    static let clock = ContinuousClock()

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Seconds `body` takes.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = clock.now
        try body()
        return seconds(clock.now - start)
    }

    /// The best of `runs` timings: the least disturbed by other work on the machine.
    static func best(of runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<runs { best = min(best, try time(body)) }
        return best
    }

    /// Timings of measurements that take turns: each runs once a turn, next to
    /// the others, and the order reverses every other turn, so a drift in the
    /// machine's speed (up to 2× over seconds here) weighs on all of them alike.
    struct Turns {
        /// `times[m][t]`: measurement `m` in turn `t`.
        let times: [[Double]]

        init(_ count: Int, _ measurements: [() throws -> Double]) throws {
            var times = Array(repeating: [Double](), count: measurements.count)
            for turn in 0..<count {
                let order = turn % 2 == 0 ? Array(measurements.indices) : measurements.indices.reversed()
                for m in order { times[m].append(try measurements[m]()) }
            }
            self.times = times
        }

        /// The least disturbed time of measurement `m`.
        func best(_ m: Int) -> Double { times[m].min() ?? .infinity }

        /// The median over turns of `a`'s time over `b`'s, the two measured side by side.
        func medianRatio(_ a: Int, over b: Int) -> Double { Measure.median(zip(times[a], times[b]).map { $0 / $1 }) }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}

/// Prints aligned figures: `label  value  (note)`.
enum Report {
    static func heading(_ text: String) { print("\n" + text + "\n" + String(repeating: "-", count: text.count)) }

    static func line(_ label: String, _ value: String, _ note: String = "") {
        let padded = label.padding(toLength: max(label.count, 46), withPad: " ", startingAt: 0)
        print("  \(padded) \(value)\(note.isEmpty ? "" : "   \(note)")")
    }

    static func micro(_ seconds: Double) -> String { String(format: "%.2f µs", seconds * 1e6) }
    static func milli(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1e3) }
    static func ratio(_ value: Double) -> String { String(format: "%.2f×", value) }
    static func verdict(_ ok: Bool, _ target: String) -> String { (ok ? "meets " : "MISSES ") + target }
}

/// A child process's wall time and peak resident memory, from `wait4`.
enum Child {
    struct Outcome {
        var status: Int32
        var seconds: Double
        var peakKilobytes: Int
    }

    static func run(_ executable: String, _ arguments: [String], in folder: String) -> Outcome {
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // The child starts in `folder`; the benchmark is single-threaded here, so changing ours is safe.
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(folder)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let start = Measure.clock.now
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else {
            return Outcome(status: -1, seconds: 0, peakKilobytes: 0)
        }
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        return Outcome(status: (status >> 8) & 0xFF, seconds: Measure.seconds(Measure.clock.now - start),
                       peakKilobytes: usage.ru_maxrss)
    }
}
