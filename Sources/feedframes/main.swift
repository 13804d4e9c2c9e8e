import FeedFramesCLI
import Foundation

exit(FeedFramesCLI.run(Array(CommandLine.arguments.dropFirst())))
