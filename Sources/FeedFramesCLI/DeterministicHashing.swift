import FeedExplorer
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A shard of a team's logic (`explore --shard i/n`) fingerprints states with Swift's
/// `Hasher`, which each process seeds anew unless `SWIFT_DETERMINISTIC_HASHING` is set when it starts; the
/// shards of one search, run on n machines, must agree. So the command runs itself again with it set.
enum DeterministicHashing {
    /// Returns when this process hashes deterministically; otherwise replaces it by the same command with
    /// `SWIFT_DETERMINISTIC_HASHING=1` (same arguments, same output), and throws only when that fails.
    static func ensure() throws(CommandFailure) {
        guard !ShardResult.hashingIsDeterministic else { return }
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        fflush(nil)  // any C stream's buffer (`Console` writes unbuffered)
        setenv("SWIFT_DETERMINISTIC_HASHING", "1", 1)
        execv(executable, CommandLine.unsafeArgv)
        let reason = String(cString: strerror(errno))
        throw CommandFailure(.cannotCreate, "cannot run \(executable) again with SWIFT_DETERMINISTIC_HASHING=1 (\(reason)), which "
                             + "the shards of a team's logic need to agree: set it in the environment and run the command again")
    }
}
