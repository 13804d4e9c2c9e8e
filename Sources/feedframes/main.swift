import CMimalloc
import FeedFramesCLI
import Foundation

// mimalloc serves malloc and free for the whole process once its library is
// loaded (see CMimalloc); this call is what keeps the linker from dropping a
// library that nothing else names.
_ = mi_version()

exit(FeedFramesCLI.run(Array(CommandLine.arguments.dropFirst())))
