import FeedEngine

/// What a render keeps of its play and a search never writes: the callbacks' names, the journal, the last
/// frame's layout and how many frames were drawn, the commands that did nothing.
struct PlayLog {
    var callbacks: [String] = []
    var journal: [CallbackRecord]?
    var lastLayout: Layout?
    var framesEmitted = 0
    var firstIneffective: IneffectiveStep?
    var ineffectiveSteps = 0
}

/// A `PlayLog` behind one reference, made at its first write and copied on write: a search copies its runner
/// at every successor it makes and writes none of the log, and its six fields inline, empty, were copied and
/// destroyed each time (a fiftieth of a search's instructions, callgrind).
struct PlayLogBox {
    private final class Storage {
        var log: PlayLog
        init(_ log: PlayLog) { self.log = log }
    }

    private var storage: Storage?

    /// The log (an empty one before any write), changed in place. Read as a copy: a render reads it once a frame,
    /// a search never. (Read in place through a `_read` that yielded the stored log or an empty one, the optimised
    /// build read it after freeing the coroutine's frame, which held it: the fuzzers' address sanitiser found it.)
    var value: PlayLog {
        get { storage?.log ?? PlayLog() }
        _modify {
            if storage == nil {
                storage = Storage(PlayLog())
            } else if !isKnownUniquelyReferenced(&storage!) {
                storage = Storage(storage!.log)
            }
            yield &storage!.log
        }
    }

    /// The journal, read with no copy of the rest (a runner asks at every callback).
    var journal: [CallbackRecord]? { storage?.log.journal }
}
