/// Why a recording stopped; nothing is written then.
public enum RecordError: Error, Sendable, CustomStringConvertible {
    /// The source could not give page `page` (66: the source could not be read).
    case pageFailed(page: Int, reason: String)
    /// The fixture would cross one of `ItemLimits` at page `page` (65).
    case overLimit(page: Int, problem: String)

    public var description: String {
        switch self {
        case .pageFailed(let page, let reason): "source: page \(page) could not be fetched (\(reason))"
        case .overLimit(let page, let problem): "page \(page): \(problem); nothing was written (record fewer --pages)"
        }
    }
}
