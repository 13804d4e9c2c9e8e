import Foundation

// FeedFrames benchmarks: prints every figure of issue 5 and, where there is a
// baseline, the ratio measured in the same run. Build in release first:
//   swift build -c release && .build/release/feedframes-bench [layout] [pipeline] [process]
let sections = Set(CommandLine.arguments.dropFirst())
func wanted(_ name: String) -> Bool { sections.isEmpty || sections.contains(name) }

print("FeedFrames benchmarks — \(ProcessInfo.processInfo.activeProcessorCount) cores")
let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("feedframes").path
do {
    // Child processes first: a child's peak memory, as wait4 reports it, includes
    // its parent's at the moment it was spawned, and the layout figures hold
    // ten million rows.
    if wanted("process") {
        if FileManager.default.isExecutableFile(atPath: binary) {
            try ProcessBenchmark.run(binary: binary)
        } else {
            print("\n(\(binary) not built: run `swift build -c release` for the memory and start-up figures)")
        }
    }
    if wanted("layout") { LayoutBenchmark.run() }
    if wanted("pipeline") { try PipelineBenchmark.run() }
    if wanted("scaling") { try ScalingBenchmark.run() }
} catch {
    print("benchmark failed: \(error)")
    exit(1)
}
