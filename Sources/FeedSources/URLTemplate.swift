import Foundation

/// An `http` source's `url` with `{page}`, `{pageSize}` and `{cursor}` to fill in.
struct URLTemplate: Hashable, Sendable {
    static let placeholders = ["page", "pageSize", "cursor"]

    let text: String

    /// Checks the placeholders and that the filled-in URL is an http(s) URL with a host.
    /// - Throws: a message saying what was expected.
    init(_ text: String) throws(JSONPointerError) {
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = String(rest[rest.index(after: open)..<close])
            guard Self.placeholders.contains(name) else {
                throw JSONPointerError(message: "unknown placeholder {\(name)} (expected {page}, {pageSize} or {cursor})")
            }
            rest = rest[rest.index(after: close)...]
        }
        self.text = text
        guard let url = URL(string: fill(page: 1, pageSize: 20, cursor: "c")), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host?.isEmpty == false else {
            throw JSONPointerError(message: "\"\(text.prefix(80))\" is not an http or https URL with a host")
        }
    }

    var usesCursor: Bool { text.contains("{cursor}") }

    /// The URL text for one request; the cursor is percent-encoded.
    func fill(page: Int, pageSize: Int, cursor: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let encoded = cursor.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        return text.replacing("{page}", with: String(page))
            .replacing("{pageSize}", with: String(pageSize))
            .replacing("{cursor}", with: encoded)
    }
}
