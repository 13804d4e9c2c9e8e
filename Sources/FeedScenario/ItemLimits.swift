import FeedEngine

/// How much item data a run may hold, so that no small input can take the
/// machine: an endless feed, a huge title, a page of a million rows
/// (README, Reliability, "Limits"). The same limits hold where items are read
/// (`file` sources, SQLite rows, HTTP replies), where they are held
/// (`BehaviourRunner`), and where they are written (`record`'s fixture), so
/// that what one side accepts the other never refuses.
///
/// At the limits a run holds about 1 GB: a million items of small text take
/// about 150 MB, and item text adds at most `maxTextBytes`.
public enum ItemLimits {
    /// Items the list holds at once (`BehaviourRunner`), and items in a `file` source.
    public static let maxItems = 1_000_000
    /// UTF-8 bytes of one id, title or other field.
    public static let maxFieldBytes = 1 << 20
    /// UTF-8 bytes of the text (ids, titles, fields) of the items held at once.
    /// A string shared by consecutive items (a synthetic title without `{n}`)
    /// is stored once, and counted once.
    public static let maxTextBytes = 512 << 20
    /// UTF-8 bytes of the text of one page as a source makes it (a synthetic
    /// source's titles, an SQLite page).
    public static let maxPageTextBytes = 64 << 20
    /// Bytes of an items file: what a `file` source reads and `record` writes.
    public static let maxFileBytes = 64 << 20

    /// `"1 MiB"`, `"512 MiB"`, `"1,000,000"`: a limit as messages show it.
    public static func describe(bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    public static func describe(count: Int) -> String {
        let digits = Array(String(count))
        var text = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }

    /// The field over `maxFieldBytes`, if any: its name and size.
    public static func oversizedField(of item: Item) -> (field: String, bytes: Int)? {
        if item.id.utf8.count > maxFieldBytes { return ("id", item.id.utf8.count) }
        if item.title.utf8.count > maxFieldBytes { return ("title", item.title.utf8.count) }
        for (key, value) in item.fields where value.utf8.count > maxFieldBytes { return (key, value.utf8.count) }
        return nil
    }

    /// The UTF-8 bytes of an item's text.
    public static func textBytes(of item: Item) -> Int {
        item.fields.values.reduce(item.id.utf8.count + item.title.utf8.count) { $0 + $1.utf8.count }
    }
}
