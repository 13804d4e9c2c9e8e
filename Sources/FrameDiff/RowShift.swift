import JSONText

/// The rows of two JSON frames compared as a reviewer reads them: rows are
/// matched by id, and a run of rows that all moved by the same amount reads
/// as one line, `rows 5…19 moved down 44 pt`, instead of every row's index
/// and y changed (what one row inserted above them does to a frame).
enum RowShift {
    /// Lines in place of the per-row key-path changes, or `nil` when the rows
    /// cannot be matched by id (a row without one, or ids repeated).
    /// - Complexity: O(rows of both) plus the changes of rows whose content changed.
    static func changes(from old: [JSONValue], to new: [JSONValue]) -> [JSONChange]? {
        func ids(_ rows: [JSONValue]) -> [String]? {
            let ids = rows.compactMap { $0["id"]?.stringValue }
            return ids.count == rows.count && Set(ids).count == ids.count ? ids : nil
        }
        guard let oldIDs = ids(old), let newIDs = ids(new) else { return nil }
        let oldByID = Dictionary(uniqueKeysWithValues: zip(oldIDs, old))
        var changes: [JSONChange] = []
        if old.count != new.count { changes.append(JSONChange(path: "rows", kind: .count(from: old.count, to: new.count))) }

        // Runs of consecutive rows (in the new frame) that moved by the same y and index.
        var run: (first: JSONValue, last: JSONValue, dy: Double, dIndex: Int)?
        // What changed in the run's rows besides the move, said after the move.
        var within: [JSONChange] = []
        func endRun() {
            if let current = run, current.dy != 0 || current.dIndex != 0 {
                changes.append(JSONChange(path: "rows", kind: .note(describe(current))))
            }
            run = nil
            changes += within
            within = []
        }
        for (position, row) in new.enumerated() {
            let id = newIDs[position]
            guard let before = oldByID[id] else {
                endRun()
                changes.append(JSONChange(path: "rows[\(position)]", kind: .added(row)))
                continue
            }
            let dy = (row["y"]?.doubleValue ?? 0) - (before["y"]?.doubleValue ?? 0)
            let dIndex = (row["index"]?.intValue ?? 0) - (before["index"]?.intValue ?? 0)
            if let current = run, current.dy == dy, current.dIndex == dIndex {
                run?.last = row
            } else {
                endRun()
                run = (row, row, dy, dIndex)
            }
            // What changed besides the move, by key path (index and y aside).
            var moved = before
            if case .object(var object) = moved {
                if let index = row["index"] { object["index"] = index }
                if let y = row["y"] { object["y"] = y }
                moved = .object(object)
            }
            within += JSONDiff.changes(from: moved, to: row).map {
                JSONChange(path: "rows[\(position)]" + ($0.path.isEmpty ? "" : "." + $0.path), kind: $0.kind)
            }
        }
        endRun()
        let newSet = Set(newIDs)
        for (position, id) in oldIDs.enumerated() where !newSet.contains(id) {
            changes.append(JSONChange(path: "rows (id \(id))", kind: .removed(old[position])))
        }
        return changes
    }

    /// `rows 5…19 (ids 6…20) moved down 44 pt, index +1`.
    static func describe(_ run: (first: JSONValue, last: JSONValue, dy: Double, dIndex: Int)) -> String {
        let firstIndex = run.first["index"]?.intValue ?? 0, lastIndex = run.last["index"]?.intValue ?? 0
        let rows = firstIndex == lastIndex ? "row \(firstIndex)" : "rows \(firstIndex)…\(lastIndex)"
        let firstID = run.first["id"]?.stringValue ?? "", lastID = run.last["id"]?.stringValue ?? ""
        let ids = firstID == lastID ? "id \(firstID)" : "ids \(firstID)…\(lastID)"
        var parts: [String] = []
        if run.dy != 0 {
            parts.append("moved \(run.dy > 0 ? "down" : "up") \(JSONChange.points(abs(run.dy))) pt")
        }
        if run.dIndex != 0 { parts.append("index \(run.dIndex > 0 ? "+" : "−")\(abs(run.dIndex))") }
        return "\(rows) (\(ids)) " + parts.joined(separator: ", ")
    }
}
