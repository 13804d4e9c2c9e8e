import CLibXML2
import Foundation
import XCTest
@testable import XHTMLValidation
#if canImport(Glibc)
import Glibc
#endif

/// XXE, entity expansion and network access: nothing outside the bytes given
/// is ever read.
final class SecurityTests: XCTestCase {
    private func parseKeeping(_ text: String) -> (XHTMLDocument?, [ValidationIssue]) {
        var text = text
        return text.withUTF8 {
            XHTMLDocument.parseKeepingDocument(UnsafeRawBufferPointer($0), file: "x.xhtml", limits: .default)
        }
    }

    private func rejected(_ text: String) -> [ValidationIssue] {
        do {
            _ = try XHTMLDocument.parse(text, file: "x.xhtml")
            XCTFail("expected rejection")
            return []
        } catch {
            return error.issues
        }
    }

    /// A file with a unique marker, to prove it is never read.
    private func markerFile() throws -> (URL, String) {
        let marker = "MARKER-\(UUID().uuidString)"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("xxe-\(UUID().uuidString).txt")
        try "root:x:0:0:\(marker)\n".write(to: url, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return (url, marker)
    }

    func testInternalSubsetExternalEntityIsRejectedAndNeverRead() throws {
        let text = """
        <!DOCTYPE html [<!ENTITY x SYSTEM "file:///etc/passwd">]>
        <html xmlns="http://www.w3.org/1999/xhtml"><body><p>&x;</p></body></html>
        """
        let issues = rejected(text)
        XCTAssertEqual(issues.first?.rule, "entity")
        XCTAssertEqual(issues.first?.line, 1)
        XCTAssertTrue(issues.contains { $0.rule == "entity" && $0.line == 2 }, "the reference is reported too: \(issues)")
        XCTAssertFalse(issues.contains { $0.message.contains("root:") })
    }

    func testExternalEntityTextNeverAppearsInTheTree() throws {
        // With an external DTD id, libxml2 treats the undeclared `&x;` as a
        // non-fatal error and builds a tree: inspect it.
        let (url, marker) = try markerFile()
        for system in ["file:///etc/passwd", url.absoluteString, url.path] {
            let text = """
            <!DOCTYPE html SYSTEM "about:legacy-compat" [<!ENTITY x SYSTEM "\(system)">]>
            <html xmlns="http://www.w3.org/1999/xhtml"><body><p>&x;</p><p title="a">b</p></body></html>
            """
            let (document, issues) = parseKeeping(text)
            let tree = try XCTUnwrap(document, "a tree is built: \(issues)")
            let content = try tree.string("string(/)")
            XCTAssertEqual(content, "b")
            XCTAssertFalse(content.contains("root:"))
            XCTAssertFalse(content.contains(marker))
            XCTAssertEqual(try tree.count("//h:p"), 2)
            XCTAssertEqual(issues.map(\.rule), ["entity", "entity"], "\(issues)")
            // The public API rejects such a document.
            XCTAssertFalse(rejected(text).isEmpty)
        }
    }

    /// Control for the test above: an unsafe parse (NOENT) of the same kind of
    /// text does read the marker file, so its absence there means something.
    func testUnsafeParseWouldReadTheMarkerFile() throws {
        let (url, marker) = try markerFile()
        let text = "<!DOCTYPE html [<!ENTITY x SYSTEM \"\(url.absoluteString)\">]>\n<html>&x;</html>"
        let doc = xmlReadMemory(text, Int32(text.utf8.count), "unsafe.xml", nil, Int32(XML_PARSE_NOENT.rawValue))
        defer { xmlFreeDoc(doc) }
        let root = try XCTUnwrap(xmlDocGetRootElement(doc))
        let content = xmlNodeGetContent(root).map { pointer in
            defer { ff_xmlFree(pointer) }
            return String(cString: pointer)
        }
        XCTAssertTrue(content?.contains(marker) ?? false)
    }

    func testParameterEntityIsNeverLoaded() throws {
        let (url, marker) = try markerFile()
        let text = """
        <!DOCTYPE html [<!ENTITY % p SYSTEM "\(url.absoluteString)"> %p;]>
        <html xmlns="http://www.w3.org/1999/xhtml"><body/></html>
        """
        let issues = rejected(text)
        XCTAssertEqual(issues.first?.rule, "entity")
        XCTAssertFalse(issues.contains { $0.message.contains(marker) || $0.message.contains("root:") }, "\(issues)")
    }

    func testInternalEntitiesAreNotExpandedBillionLaughs() {
        var decls = "<!ENTITY a0 \"lol\">"
        for i in 1...9 {
            decls += "<!ENTITY a\(i) \"" + String(repeating: "&a\(i - 1);", count: 10) + "\">"
        }
        let text = "<!DOCTYPE html [\(decls)]>\n<html xmlns=\"http://www.w3.org/1999/xhtml\">&a9;</html>"
        let start = Date()
        let issues = rejected(text)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertTrue(issues.allSatisfy { $0.rule == "entity" }, "\(issues)")
        XCTAssertEqual(issues.filter { $0.message.hasPrefix("entity declaration") }.count, 10)
    }

    func testDTDDeclarationsAreReported() {
        let issues = rejected("<!DOCTYPE html [<!ATTLIST html class CDATA 'x'><!ELEMENT html ANY>]>\n<html/>")
        XCTAssertEqual(issues.map(\.rule), ["doctype", "doctype"])
    }

    func testExternalDoctypeIsRefusedNotFetchedAndDoesNotHang() throws {
        let start = Date()
        let issues = rejected(
            "<!DOCTYPE html SYSTEM \"http://127.0.0.1:9/x.dtd\">\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>x</body></html>")
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
        XCTAssertEqual(issues.map(\.rule), ["doctype"])
        XCTAssertEqual(issues.first?.line, 1)
        XCTAssertTrue(issues.first?.message.contains("http://127.0.0.1:9/x.dtd") ?? false, "\(issues)")
        // HTML5's legacy doctype names no DTD and stays allowed, as does the plain one.
        XCTAssertNoThrow(try XHTMLDocument.parse(
            "<!DOCTYPE html SYSTEM \"about:legacy-compat\">\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>x</body></html>", file: "ok"))
        XCTAssertNoThrow(try XHTMLDocument.parse("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>x</body></html>", file: "ok"))
    }

    #if canImport(Glibc)
    func testNoConnectionIsAttemptedForDoctypeOrEntities() throws {
        let listener = try LocalListener()
        let base = "http://127.0.0.1:\(listener.port)"
        let texts = [
            "<!DOCTYPE html SYSTEM \"\(base)/x.dtd\">\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>x</body></html>",
            "<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" \"\(base)/strict.dtd\">\n<html xmlns=\"http://www.w3.org/1999/xhtml\"/>",
            "<!DOCTYPE html [<!ENTITY e SYSTEM \"\(base)/e\">]>\n<html xmlns=\"http://www.w3.org/1999/xhtml\">&e;</html>",
            "<!DOCTYPE html SYSTEM \"\(base)/x.dtd\" [<!ENTITY e SYSTEM \"\(base)/e\">]>\n<html xmlns=\"http://www.w3.org/1999/xhtml\">&e;</html>",
            "<!DOCTYPE html [<!ENTITY % p SYSTEM \"\(base)/p\"> %p;]>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"/>",
        ]
        for text in texts {
            _ = parseKeeping(text)
            _ = validateXHTML(text, file: "net.xhtml", schema: Fixtures.schema)
        }
        XCTAssertFalse(listener.hadConnection(), "libxml2 must not connect anywhere")

        // Control: the listener does notice a real connection.
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(client) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = listener.port.bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        XCTAssertTrue(connected)
        XCTAssertTrue(listener.hadConnection())
    }
    #endif
}

#if canImport(Glibc)
/// A TCP listener on 127.0.0.1 (ephemeral port) that tells whether anything
/// connected. A completed handshake sits in the accept queue even if nobody
/// reads, so a non-blocking accept() sees any attempt.
private final class LocalListener {
    let fd: Int32
    let port: UInt16

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = 0
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound, fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) == 0 else {
            close(fd)
            throw POSIXError(.EIO)
        }
        self.fd = fd
        self.port = UInt16(bigEndian: addr.sin_port)
    }

    func hadConnection() -> Bool {
        let client = accept(fd, nil, nil)
        if client >= 0 {
            close(client)
            return true
        }
        return false
    }

    deinit { close(fd) }
}
#endif
