import FeedEngine

/// One line of a scenario's `events`: a gesture for the list, or the
/// passing of virtual time (which lets replies and toast expiries happen).
public enum ScriptStep: Hashable, Sendable, CustomStringConvertible {
    case event(FeedEvent)
    case wait(Double)
    /// `fling V`: the finger has lifted with V points a second (positive scrolls down), and the list
    /// decelerates as UIScrollView's does (SPEC §9; `Deceleration`).
    case fling(Double)
    /// `insert N`: N new items appear at the head of the feed now, as when fresh posts arrive while the
    /// list is read. The list does not see them until it loads; a page asked for by number afterwards is
    /// shifted by them (its first rows repeat the page before, and are dropped). Synthetic, scripted and
    /// file sources only.
    case insert(Int)

    /// The grammar, for error messages.
    public static let grammar = "launch, wait S, scroll to top|bottom|Y, scroll by DY, drag to Y, drag by DY, release, fling V, tap retry, tap footer, refresh, resize WxH, insert N"

    /// Reads one event string of SPEC §4.
    /// - Returns: the step, or a message saying what was expected.
    public static func parse(_ text: String) -> Result<ScriptStep, StepSyntaxError> {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        // Messages quote the event; a hostile one can be a megabyte long.
        let text = text.unicodeScalars.count > 60 ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(60))) + "…" : text
        func fail(_ message: String) -> Result<ScriptStep, StepSyntaxError> { .failure(StepSyntaxError(message: message)) }
        /// A plain decimal number (`Double("0x10")` and `Double("nan")` would also accept hex and words).
        func number(_ word: String) -> Double? {
            guard isDecimal(word), let value = Double(word), value.isFinite else { return nil }
            return value
        }
        func outOfRange(_ value: Double, _ what: String) -> Result<ScriptStep, StepSyntaxError>? {
            abs(value) <= maxOffset ? nil : fail("bad event \"\(text)\" (expected \(what) from -100000 to 100000 points)")
        }
        switch words.first {
        case "launch" where words.count == 1:
            return .success(.event(.launch))
        case "release" where words.count == 1:
            return .success(.event(.release))
        case "refresh" where words.count == 1:
            return .success(.event(.refresh))
        case "tap" where words.count == 2 && words[1] == "retry":
            return .success(.event(.tapRetry))
        case "tap" where words.count == 2 && words[1] == "footer":
            return .success(.event(.tapFooter))
        case "tap":
            return fail("unknown event \"\(text)\" (expected tap retry or tap footer)")
        case "wait":
            guard words.count == 2, let seconds = number(words[1]) else {
                return fail("bad event \"\(text)\" (expected wait S, with S a number of seconds)")
            }
            guard seconds >= 0 else { return fail("bad event \"\(text)\" (expected wait S with S ≥ 0; time does not run backwards)") }
            guard seconds <= maxWait else { return fail("bad event \"\(text)\" (expected wait S with S at most 86400 seconds, a day)") }
            return .success(.wait(seconds))
        case "scroll":
            guard words.count == 3 else { return fail("bad event \"\(text)\" (expected scroll to top|bottom|Y or scroll by DY)") }
            switch (words[1], words[2]) {
            case ("to", "top"): return .success(.event(.scroll(.top)))
            case ("to", "bottom"): return .success(.event(.scroll(.bottom)))
            case ("to", let y):
                guard let y = number(y) else { return fail("bad event \"\(text)\" (expected scroll to top, bottom or a number Y)") }
                if let failure = outOfRange(y, "Y") { return failure }
                return .success(.event(.scroll(.offset(y))))
            case ("by", let dy):
                guard let dy = number(dy) else { return fail("bad event \"\(text)\" (expected scroll by DY, with DY a number)") }
                if let failure = outOfRange(dy, "DY") { return failure }
                return .success(.event(.scroll(.by(dy))))
            default: return fail("bad event \"\(text)\" (expected scroll to top|bottom|Y or scroll by DY)")
            }
        case "drag":
            guard words.count == 3, let value = number(words[2]), words[1] == "to" || words[1] == "by" else {
                return fail("bad event \"\(text)\" (expected drag to Y or drag by DY, with a number)")
            }
            if let failure = outOfRange(value, words[1] == "to" ? "Y" : "DY") { return failure }
            return .success(.event(.drag(words[1] == "to" ? .offset(value) : .by(value))))
        case "fling":
            guard words.count == 2, let velocity = number(words[1]) else {
                return fail("bad event \"\(text)\" (expected fling V, with V in points a second, positive scrolling down)")
            }
            guard abs(velocity) <= maxFlingVelocity else {
                return fail("bad event \"\(text)\" (expected a velocity from -100000 to 100000 points a second)")
            }
            return .success(.fling(velocity))
        case "insert":
            guard words.count == 2, let count = Int(words[1]), String(count) == words[1] else {
                return fail("bad event \"\(text)\" (expected insert N, with N a whole number of items)")
            }
            guard count >= 1 && count <= maxInsert else {
                return fail("bad event \"\(text)\" (expected insert N with N from 1 to \(maxInsert))")
            }
            return .success(.insert(count))
        case "resize":
            let size = words.count == 2 ? words[1].split(separator: "x", omittingEmptySubsequences: false) : []
            guard size.count == 2, let width = number(String(size[0])), let height = number(String(size[1])) else {
                return fail("bad event \"\(text)\" (expected resize WxH, e.g. resize 667x375)")
            }
            guard width >= 1, height >= 1, width <= 100_000, height <= 100_000 else {
                return fail("bad event \"\(text)\" (expected a width and height from 1 to 100000 points)")
            }
            return .success(.event(.resize(Viewport(width: width, height: height))))
        default:
            return fail("unknown event \"\(text)\" (expected \(grammar))")
        }
    }

    /// The longest `wait` (a day) and the largest scroll or drag offset, as README's limits say.
    public static let maxWait = 86_400.0
    public static let maxOffset = 100_000.0
    /// The fastest fling (points a second); a finger manages a few thousand.
    public static let maxFlingVelocity = 100_000.0
    /// The most items one `insert` adds (as one `source.inserts` entry may).
    public static let maxInsert = 10_000

    /// `[+-]digits[.digits][e[+-]digits]` (or `.5`): what a person writes, nothing more.
    static func isDecimal(_ word: String) -> Bool {
        var bytes = Substring(word).utf8[...]
        func digits() -> Int {
            var count = 0
            while let byte = bytes.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { bytes.removeFirst(); count += 1 }
            return count
        }
        if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes.removeFirst() }
        var mantissa = digits()
        if bytes.first == UInt8(ascii: ".") { bytes.removeFirst(); mantissa += digits() }
        guard mantissa > 0 else { return false }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes.removeFirst()
            if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes.removeFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    public var description: String {
        switch self {
        case .wait(let seconds): return "wait \(formatPoints(seconds))"
        case .fling(let velocity): return "fling \(formatPoints(velocity))"
        case .insert(let count): return "insert \(count)"
        case .event(let event):
            switch event {
            case .launch: return "launch"
            case .release: return "release"
            case .refresh: return "refresh"
            case .tapRetry: return "tap retry"
            case .tapFooter: return "tap footer"
            case .scroll(.top): return "scroll to top"
            case .scroll(.bottom): return "scroll to bottom"
            case .scroll(.offset(let y)): return "scroll to \(formatPoints(y))"
            case .scroll(.by(let dy)): return "scroll by \(formatPoints(dy))"
            case .drag(.offset(let y)): return "drag to \(formatPoints(y))"
            case .drag(.by(let dy)): return "drag by \(formatPoints(dy))"
            case .resize(let viewport): return "resize \(viewport)"
            case .clockAdvanced(let time): return "clock \(formatPoints(time))"
            case .replyArrived(let reply): return "reply \(reply.requestID)"
            case .toastExpired: return "toast expired"
            }
        }
    }
}

/// Why an event string could not be read.
public struct StepSyntaxError: Error, Hashable, Sendable {
    public var message: String
}
