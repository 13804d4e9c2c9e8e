import Synchronization

/// Raised by a signal's handler (on a dispatch queue), read by a search between its batches.
final class InterruptFlag: Sendable {
    private let raised = Atomic(false)

    var isRaised: Bool { raised.load(ordering: .relaxed) }

    func raise() { raised.store(true, ordering: .relaxed) }
}
