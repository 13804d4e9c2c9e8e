import Foundation
import FeedFramesProcess
import XCTest

/// `render --shard i/n`: the shards of a suite are disjoint and together
/// render exactly what one unsharded run renders, byte for byte.
final class ShardTests: XCTestCase {
    func testTheUnionOfAllShardsEqualsAnUnshardedRun() throws {
        let cli = try Subprocess()
        defer { cli.cleanUp() }
        XCTAssertEqual(try cli.run("demos", "--export", "demos").status, 0)
        let scenarios = cli.list("demos").filter { $0.hasSuffix(".json") }.map { "demos/\($0)" }
        XCTAssertGreaterThanOrEqual(scenarios.count, 15)

        let whole = try cli.run(["render"] + scenarios + ["--out", "whole", "--format", "json,text"])
        XCTAssertEqual(whole.status, 0, whole.stderr)
        var seen: [String: Int] = [:]
        for index in 1...3 {
            // Arguments in another order on each machine: the split must not depend on it.
            let shuffled = index == 2 ? Array(scenarios.reversed()) : scenarios
            let outcome = try cli.run(["render"] + shuffled + ["--out", "shard\(index)", "--shard", "\(index)/3", "--format", "json,text"])
            XCTAssertEqual(outcome.status, 0, outcome.stderr)
            for name in cli.list("shard\(index)") where name != "index.html" && !name.hasPrefix(".") {
                seen[name, default: 0] += 1
                XCTAssertEqual(try files(in: "shard\(index)/\(name)", cli), try files(in: "whole/\(name)", cli), name)
            }
        }
        let expected = Set(cli.list("whole").filter { $0 != "index.html" && !$0.hasPrefix(".") })
        XCTAssertEqual(Set(seen.keys), expected, "every scenario in some shard")
        XCTAssertTrue(seen.values.allSatisfy { $0 == 1 }, "no scenario in two shards: \(seen.filter { $0.value > 1 })")
        XCTAssertGreaterThan(cli.list("shard1").count, 1, "shards are not all empty but one")
    }

    func testABadShardIsAUsageError() throws {
        let cli = try Subprocess()
        defer { cli.cleanUp() }
        for shard in ["0/3", "4/3", "1/0", "a/b", "1"] {
            let outcome = try cli.run("render", "x.json", "--shard", shard)
            XCTAssertEqual(outcome.status, 64, shard)
            XCTAssertTrue(outcome.stderr.hasPrefix("Error: The value '\(shard)' is invalid for '--shard <i/n>': expected i/n"), outcome.stderr)
        }
    }

    /// Every file of a scenario folder except the viewer's, which names no machine-specific path either.
    /// Every file under `folder` (a cells scenario's `fonts/` too), by relative path.
    func files(in folder: String, _ cli: Subprocess) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in cli.list(folder) {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: cli.url("\(folder)/\(name)").path, isDirectory: &isFolder), isFolder.boolValue {
                for (inner, data) in try files(in: "\(folder)/\(name)", cli) { result["\(name)/\(inner)"] = data }
            } else {
                result[name] = try Data(contentsOf: cli.url("\(folder)/\(name)"))
            }
        }
        return result
    }
}
