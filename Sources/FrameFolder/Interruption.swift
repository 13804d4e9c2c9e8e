import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Clears the temporary folders of writes in progress when the process is
/// asked to stop (SIGINT, SIGTERM, SIGHUP), then stops it as the signal would.
///
/// Without this, Ctrl-C in the middle of a long render left a hidden
/// `.<name>-tmp-…` folder of tens of thousands of files behind. The handler
/// runs on a dispatch queue, not in signal context, so it may use the file
/// system; a folder being written to is first renamed away, so writes still
/// in flight fail instead of re-creating it, then deleted.
public enum Interruption {
    private static let registry = Registry()

    /// Installs the handlers (once; later calls do nothing). The CLI calls this at start.
    public static func installCleanup() {
        registry.install()
    }

    /// A temporary path to remove if the process is stopped before `unregister`.
    static func register(_ path: String) { registry.add(path) }

    static func unregister(_ path: String) { registry.remove(path) }

    /// Called before the process reports a failure and exits: while a signal is being
    /// handled, a write that failed because its folder was just removed is not a failure
    /// to report, so this waits for the handler to end the process by the signal instead.
    public static func waitIfStopping() {
        guard registry.isStopping else { return }
        while true { sleep(60) }
    }

    /// Has the first SIGINT, SIGTERM or SIGHUP call `handler` instead of stopping the process, until `endDeferral()`:
    /// a long search then stops at its next step and keeps what it found (a checkpoint). A second signal stops the
    /// process as before.
    public static func deferStop(to handler: @escaping @Sendable () -> Void) { registry.setDeferred(handler) }

    /// Signals stop the process again.
    public static func endDeferral() { registry.setDeferred(nil) }

    /// The paths now registered, for tests.
    static var registered: Set<String> { registry.paths }

    private final class Registry: @unchecked Sendable {
        private let lock = NSLock()
        private var registered: Set<String> = []
        private var sources: [DispatchSourceSignal] = []
        /// Set once a signal arrived; guarded by `stoppingLock`, as `lock` is held while stopping.
        private var stopping = false
        private let stoppingLock = NSLock()

        var isStopping: Bool { stoppingLock.withLock { stopping } }

        var paths: Set<String> { lock.withLock { registered } }

        /// What the next signal calls instead of stopping (`deferStop`); taken by that signal.
        private var deferred: (@Sendable () -> Void)?

        func setDeferred(_ handler: (@Sendable () -> Void)?) { lock.withLock { deferred = handler } }

        func add(_ path: String) { lock.withLock { _ = registered.insert(path) } }

        func remove(_ path: String) { lock.withLock { _ = registered.remove(path) } }

        func install() {
            lock.withLock {
                guard sources.isEmpty else { return }
                for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
                    signal(signalNumber, SIG_IGN)  // delivered to the source below instead
                    let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                    source.setEventHandler { [unowned self] in self.stop(signalNumber) }
                    source.resume()
                    sources.append(source)
                }
            }
        }

        /// Removes every registered path, then ends the process with the signal's default action; or, the first time
        /// after `deferStop`, calls its handler.
        private func stop(_ signalNumber: Int32) {
            if let handler = lock.withLock({ exchange(&deferred, with: nil) }) { return handler() }
            stoppingLock.withLock { stopping = true }
            // Held to the end: no writer registers a new folder while the process stops.
            lock.lock()
            for path in registered {
                let trash = (path as NSString).deletingLastPathComponent + "/"
                    + FrameWriter.temporaryName(for: "stopped", role: "old")
                let doomed = rename(path, trash) == 0 ? trash : path
                try? FileManager.default.removeItem(atPath: doomed)
            }
            registered.removeAll()
            signal(signalNumber, SIG_DFL)
            kill(getpid(), signalNumber)  // process-directed: dispatch threads block signals, the main thread takes it
            // Only reached if the default action is to continue.
            lock.unlock()
        }
    }
}
