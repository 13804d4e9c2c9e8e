// swift-tools-version:6.1
// A team's package: a view model in the usual UIKit shape (Sources/Inbox), and snapshot tests that
// let FeedFrames play UIKit around it (Tests/InboxTests). FeedFrames is a path dependency here (this
// folder sits inside its repository); a team writes `.package(url: "https://github.com/…/FeedFrames", from: "0.4.0")`.
import Foundation
import PackageDescription

let feedFrames = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
    name: "ViewModelExample",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [.library(name: "Inbox", targets: ["Inbox"])],
    dependencies: [.package(path: feedFrames.path)],
    targets: [
        // The app's own code: no FeedFrames, no UIKit; an iOS app target compiles it as it is.
        .target(name: "Inbox"),
        .testTarget(name: "InboxTests", dependencies: [
            "Inbox",
            .product(name: "FeedEngine", package: feedFrames.lastPathComponent),
            .product(name: "FeedFramesTesting", package: feedFrames.lastPathComponent),
            .product(name: "FeedFramesXCTest", package: feedFrames.lastPathComponent),
        ], exclude: ["__Snapshots__"]),
    ]
)
