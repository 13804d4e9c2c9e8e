import Foundation

// FeedFrames benchmarks: prints every figure of issue 5 and, where there is a
// baseline, the ratio measured in the same run. Build in release first:
//   swift build -c release && .build/release/feedframes-bench
print("FeedFrames benchmarks — \(ProcessInfo.processInfo.activeProcessorCount) cores")
let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("feedframes").path
do {
    LayoutBenchmark.run()
    try PipelineBenchmark.run()
    if FileManager.default.isExecutableFile(atPath: binary) {
        try ProcessBenchmark.run(binary: binary)
    } else {
        print("\n(\(binary) not built: run `swift build -c release` for the memory and start-up figures)")
    }
} catch {
    print("benchmark failed: \(error)")
    exit(1)
}
