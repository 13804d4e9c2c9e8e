import FeedEngine
import FeedScenario

/// libFuzzer harness: bytes → `ScenarioReader.read`, and a scenario that reads
/// runs (its first 200 steps, up to 300 frames) with its behaviour playing the app.
/// Anything but a value or a `ScenarioErrors` is a finding: a trap, a crash, a hang.
/// Built and run by `.ci/fuzz`.
struct Enough: Error {}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenarioReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let scenario: Scenario
    do {
        scenario = try ScenarioReader.read(bytes, file: "fuzz.json")
    } catch {
        // Every problem is one line naming the file.
        for problem in error.problems {
            let line = problem.description
            precondition(line.hasPrefix("fuzz.json"), "a problem that does not name the file: \(line)")
            precondition(!line.contains("\n"), "a problem of more than one line: \(line)")
        }
        precondition(!error.problems.isEmpty, "an error without problems")
        return 0
    }
    play(scenario.behaviour, scenario)
    return 0
}

/// The scenario's first 200 steps, up to 300 frames, with its preset's behaviour playing the app.
func play<Behaviour: PagingBehaviour>(_ behaviour: Behaviour, _ scenario: Scenario) {
    var runner = BehaviourRunner(behaviour, scenario: scenario)
    var frames = 0
    do {
        try runner.run(Array(scenario.steps.prefix(200))) { frame in
            precondition(frame.number == frames + 1, "frames numbered in order")
            frames += 1
            if frames >= 300 { throw Enough() }
        }
    } catch {}
}
