import BrowserSession
import Foundation
import XCTest

extension WebDriver.Tools {
    /// The browser for a test: skips when it is missing, except under CI (`CI` set), where that is a failure.
    static func required() throws -> WebDriver.Tools {
        if let tools = find() { return tools }
        let notice = "chromium and chromedriver not found (install: apt-get install -y chromium chromium-driver, "
            + "or FEEDFRAMES_BROWSER=1 bash .ci/install; or set CHROMIUM_BIN and CHROMEDRIVER_BIN)"
        if ProcessInfo.processInfo.environment["CI"] != nil {
            throw WebDriver.Failure(description: "CI is set but the browser is missing: \(notice)")
        }
        throw XCTSkip("browser tests skipped: \(notice)")
    }
}
