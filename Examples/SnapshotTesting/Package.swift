// swift-tools-version:6.1
// A team's test package that snapshots its list with swift-snapshot-testing and FeedFrames'
// strategies. FeedFrames is a path dependency here (this folder sits inside its repository);
// a team writes `.package(url: "https://github.com/…/FeedFrames", from: "0.4.0", traits: ["SnapshotTesting"])`.
import Foundation
import PackageDescription

/// The FeedFrames checkout two folders up, and its package identity (its folder's name, which
/// is what `.product(package:)` names for a path dependency).
let feedFrames = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
    name: "SnapshotTestingExample",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(path: feedFrames.path, traits: ["SnapshotTesting"]),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        .testTarget(name: "ListSnapshotTests", dependencies: [
            .product(name: "FeedEngine", package: feedFrames.lastPathComponent),
            .product(name: "FeedFramesSnapshotTesting", package: feedFrames.lastPathComponent),
            .product(name: "FeedFramesTesting", package: feedFrames.lastPathComponent),
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], exclude: ["__Snapshots__"]),
    ]
)
