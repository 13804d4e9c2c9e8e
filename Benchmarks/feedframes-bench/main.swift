import CMimalloc
import Foundation

// FeedFrames benchmarks: prints every figure of issue 5 and, where there is a
// baseline, the ratio measured in the same run. Build in release first:
//   swift build -c release && .build/release/feedframes-bench [layout] [pipeline] [process] [scaling]
let known: Set = ["layout", "cells", "pipeline", "process", "scaling", "png", "gif", "explore", "explore-large"]
let arguments = Array(CommandLine.arguments.dropFirst())
let largeDepth = arguments.firstIndex(of: "explore-large").flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil }
let sections = Set(arguments.filter { Int($0) == nil })
if sections.contains("--help") || sections.contains("-h") {
    print("""
        USAGE: feedframes-bench [layout] [cells] [pipeline] [process] [scaling] [png] [gif] [explore] [explore-large [DEPTH]]

        Prints the figures of issue 5 and, where there is a baseline, the ratio measured in the same run.
        With no section, all of them. Build in release first: swift build -c release
          layout    layout at 1,000 and 10,000,000 rows, row offsets, page appends
          cells     measuring a cell (English, Chinese, Arabic), frames with automatic heights at 1,000 and 1,000,000 rows
          pipeline  the whole pipeline against libxml2 alone, templates, --jobs 2 against 1
          process   peak memory of a 100,000-frame render, start-up of feedframes
          scaling   each stage on one thread and on two
          png       render --png: one browser session a job against one Chromium launch a frame
          gif       render --gif: ImageMagick's seconds per 100 frames of a scenario's PNGs
          explore   explore's fingerprint search of standard's behaviour: states/s on one core (against the whole-state
                    search and the reference engine's), --jobs 2 against a plain two-thread loop
          explore-large  a model past 10,000,000 states searched to its end (DEPTH a limit, default 1000): time, bytes a state,
                    peak RSS (not in the default run: about 2 minutes and 1.7 GB)
        Files are written under $TMPDIR (TMPDIR=/dev/shm leaves the disk out).
        """)
    exit(0)
}
if let unknown = sections.subtracting(known).sorted().first {
    FileHandle.standardError.write(Data("feedframes-bench: unknown section '\(unknown)' (expected layout, cells, pipeline, process, scaling, png, gif, explore or explore-large; see --help)\n".utf8))
    exit(64)
}
func wanted(_ name: String) -> Bool { sections.isEmpty ? name != "explore-large" : sections.contains(name) }

print("FeedFrames benchmarks — \(ProcessInfo.processInfo.activeProcessorCount) cores\(processor().map { " (\($0))" } ?? ""), \(allocator())")

/// The processor's model, as Linux names it: hosts differ, and figures are read against the host they came from.
func processor() -> String? {
    guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
          let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
          let colon = line.firstIndex(of: ":") else { return nil }
    return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
}

/// Which allocator serves `malloc` here: mimalloc, as in `feedframes`, when its library took over.
func allocator() -> String {
    let version = mi_version()
    let probe = malloc(64)
    defer { free(probe) }
    let serves = mi_is_in_heap_region(probe)
    return "malloc: " + (serves ? "mimalloc \(version / 100).\(version / 10 % 10).\(version % 10)" : "the C library's (mimalloc \(version) linked but not serving)")
}
let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("feedframes").path
do {
    // Child processes first: a child's peak memory, as wait4 reports it, includes
    // its parent's at the moment it was spawned, and the layout figures hold
    // ten million rows.
    // First, alone, so that peak memory is the search's.
    if wanted("explore-large") { try ExploreBenchmark.runLarge(depth: largeDepth ?? 1_000) }
    if wanted("explore") { try ExploreBenchmark.run() }
    if wanted("process") {
        if FileManager.default.isExecutableFile(atPath: binary) {
            try ProcessBenchmark.run(binary: binary)
        } else {
            print("\n(\(binary) not built: run `swift build -c release` for the memory and start-up figures)")
        }
    }
    if wanted("layout") { LayoutBenchmark.run() }
    if wanted("cells") { try CellBenchmark.run() }
    if wanted("pipeline") { try PipelineBenchmark.run() }
    if wanted("scaling") { try ScalingBenchmark.run() }
    if wanted("png") && FileManager.default.isExecutableFile(atPath: binary) { try ScreenshotBenchmark.run(binary: binary) }
    if wanted("gif") && FileManager.default.isExecutableFile(atPath: binary) { try GIFBenchmark.run(binary: binary) }
} catch {
    print("benchmark failed: \(error)")
    exit(1)
}
