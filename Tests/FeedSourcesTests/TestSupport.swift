import CSQLite
import FeedEngine
import FeedScenario
import FeedSources
import Foundation
import XCTest
import ReferenceEngine

/// A fresh temporary folder, removed when the test ends.
func temporaryFolder(_ test: XCTestCase) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("feedsources-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}

func write(_ text: String, to url: URL) throws {
    try Data(text.utf8).write(to: url)
}

/// Reads a scenario file the way the command line does: with the real source opener.
func readScenario(_ url: URL) throws -> Scenario {
    try ScenarioReader.read(Array(try Data(contentsOf: url)), file: url.path, opener: RealSourceOpener())
}

/// The problems reading a scenario gives, one line each; empty when it reads.
func problems(_ url: URL) -> [String] {
    do {
        _ = try readScenario(url)
        return []
    } catch let error as ScenarioErrors {
        return error.problems.map(\.description)
    } catch {
        return ["\(error)"]
    }
}

/// Every frame of a scenario, with the state after the last step.
func runFrames(_ scenario: Scenario) throws -> (frames: [Frame], state: FeedState) {
    var runner = ScenarioRunner(scenario)
    var frames: [Frame] = []
    try runner.run(scenario.steps) { frames.append($0) }
    return (frames, runner.state)
}

/// `n` items as JSON objects: ids 1…n (numbers), titles, heights 44 or 88, an author field.
func itemObjects(_ range: ClosedRange<Int>) -> [String] {
    range.map { #"{"id": \#($0), "title": "Post \#($0)", "height": \#($0 % 3 == 0 ? 88 : 44), "author": "a\#($0)"}"# }
}

/// Makes an SQLite database with the C API: table `posts(pk, headline, h, author)`.
func makeDatabase(at path: String, keys: [Int]) throws {
    var db: OpaquePointer?
    guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let db else {
        throw POSIXError(.EIO)
    }
    defer { sqlite3_close_v2(db) }
    guard sqlite3_exec(db, "CREATE TABLE posts (pk INTEGER PRIMARY KEY, headline TEXT, h REAL, author TEXT)", nil, nil, nil) == SQLITE_OK
    else { throw POSIXError(.EIO) }
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(db, "INSERT INTO posts VALUES (?1, ?2, ?3, ?4)", -1, &statement, nil) == SQLITE_OK else { throw POSIXError(.EIO) }
    defer { sqlite3_finalize(statement) }
    sqlite3_exec(db, "BEGIN", nil, nil, nil)
    for key in keys {
        sqlite3_reset(statement)
        sqlite3_bind_int64(statement, 1, Int64(key))
        sqlite3_bind_text(statement, 2, "Row \(key)", -1, csqlite_transient())
        if key % 3 == 0 { sqlite3_bind_double(statement, 3, 88) } else { sqlite3_bind_null(statement, 3) }
        sqlite3_bind_text(statement, 4, "author \(key)", -1, csqlite_transient())
        guard sqlite3_step(statement) == SQLITE_DONE else { throw POSIXError(.EIO) }
    }
    sqlite3_exec(db, "COMMIT", nil, nil, nil)
}

/// The events that load a 45-item feed page by page in the standard preset.
let loadEverything = #"["launch", "wait 1", "scroll to bottom", "wait 1", "scroll to bottom", "wait 1", "scroll to bottom", "wait 1"]"#
