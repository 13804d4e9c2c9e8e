import FrameFolder
import FeedFramesResources
import FeedScenario
import Foundation
import XCTest
@testable import FrameRendering

/// With `--jobs` above 1 the files are written on a thread of their own, a
/// batch behind the rendering. Whatever the jobs, a render writes the same
/// files, and one that fails reports the same first bad frame and writes
/// nothing after it.
final class FrameSinkTests: XCTestCase {
    /// Long enough for several batches of 128; with `failures`, a toast after the first failed page.
    /// `first` events come before the scrolling.
    func longScenario(failures: [Int] = [], first: String = "") throws -> Scenario {
        let events = (0..<600).map { $0 % 50 == 49 ? "\"wait 1\"" : "\"scroll by 17\"" }.joined(separator: ", ")
        return try scenario("""
            {"name": "long", "preset": "standard",
             "source": {"kind": "synthetic", "pageSize": 20, "latency": 0.5, "failures": \(failures)},
             "events": ["launch", "wait 1", \(first) \(events), "scroll to bottom", "wait 1", "scroll to bottom", "wait 1",
                        "scroll to bottom", "wait 1", "scroll to bottom", "wait 1"]}
            """)
    }

    func render(_ scenario: Scenario, templates: FrameTemplates, jobs: Int) throws -> (Result<RenderReport, RenderError>, [String: Data]) {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = try FrameWriter(target: folder.appendingPathComponent("out"), kind: .scenario)
        let renderer = ScenarioRenderer(templates: templates, validator: try defaultValidator(), jobs: jobs)
        let result = Result { () throws(RenderError) in try renderer.render(scenario, into: writer, displayFolder: "out") }
        var files: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: writer.temporary.path)) ?? [] {
            files[name] = FileManager.default.contents(atPath: writer.temporary.appendingPathComponent(name).path)
        }
        return (result, files)
    }

    func testEveryJobsCountWritesTheSameFiles() throws {
        let scenario = try longScenario()
        let (one, filesOne) = try render(scenario, templates: try defaultTemplates(), jobs: 1)
        let frames = try one.get().frames
        XCTAssertGreaterThan(frames, 3 * ScenarioRenderer.batchSize, "several batches")
        let texts = (frames + 99) / 100
        XCTAssertEqual(filesOne.count, 3 * frames + 5 + texts,
                       "three files a frame, frames.json, frames.js, scenario.json, index.html, .feedframes, a texts-NNNN.js per 100 frames")
        XCTAssertNotNil(filesOne["texts-\(String(format: "%04d", texts)).js"])
        for jobs in [2, 3] {
            let (many, filesMany) = try render(scenario, templates: try defaultTemplates(), jobs: jobs)
            XCTAssertEqual(try many.get(), try one.get(), "jobs \(jobs)")
            XCTAssertEqual(filesMany, filesOne, "jobs \(jobs)")
        }
    }

    /// Frames that show the toast are not XML (an unclosed <b>); the others are fine.
    func brokenTemplates() throws -> FrameTemplates {
        let source = try XCTUnwrap(Embedded.templates["frame.html"])
        return try defaultTemplates(overriding: ["frame.html": source.replacingOccurrences(of: "{{#toast}}\n", with: "{{#toast}}\n<b>\n")])
    }

    /// Renders with `jobs` and checks that it failed at a frame, wrote every frame before it whole and
    /// none from it on; returns that frame's number.
    func failingFrame(_ scenario: Scenario, jobs: Int, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let (result, files) = try render(scenario, templates: try brokenTemplates(), jobs: jobs)
        guard case .failure(.invalid(let issues, let bad)) = result else {
            XCTFail("jobs \(jobs): \(result)", file: file, line: line)
            return 0
        }
        XCTAssertTrue(issues.first?.message.contains("(frame \(bad) of ") ?? false,
                      "the problem names the frame it was found in: \(issues)", file: file, line: line)
        let numbers = Set(files.keys.compactMap { Int($0.prefix(4)) })
        XCTAssertEqual(numbers, Set(1..<bad), "jobs \(jobs): every frame before \(bad) and none after", file: file, line: line)
        for number in numbers {
            for ext in ["html", "txt", "json"] {
                XCTAssertNotNil(files[String(format: "%04d.%@", number, ext)], "jobs \(jobs): frame \(number) .\(ext)", file: file, line: line)
            }
        }
        return bad
    }

    func testAFailureStopsTheWritingAtTheSameFrameWhateverTheJobs() throws {
        let scenario = try longScenario(failures: [6])
        let bad = try [1, 2].map { try failingFrame(scenario, jobs: $0) }
        XCTAssertEqual(bad[0], bad[1])
        XCTAssertGreaterThan(bad[0], ScenarioRenderer.batchSize, "the bad frame comes after a whole batch was written")
    }

    /// The engine runs a batch ahead of the render threads, which run a batch ahead of the
    /// writing: a failure found with several batches still to come ends the render there.
    func testAFailureInTheFirstBatchOfALongRenderEndsIt() throws {
        // Request 2 is a refresh that fails: a toast, then the list goes on.
        let scenario = try longScenario(failures: [2], first: #""refresh", "wait 1","#)
        let bad = try [1, 2, 3].map { try failingFrame(scenario, jobs: $0) }
        XCTAssertEqual(Set(bad).count, 1, "\(bad)")
        XCTAssertLessThan(bad[0], ScenarioRenderer.batchSize, "in the first batch")
        XCTAssertGreaterThan(try scenario.frames().count, 4 * ScenarioRenderer.batchSize, "with several batches to come")
    }
}
