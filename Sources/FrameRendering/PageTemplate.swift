import Mustache

/// The pages FeedFrames writes besides frames, each drawn from its template in
/// `Templates/` (so `--templates` overrides it like a frame template) and
/// escaped by Mustache's `{{…}}` alone.
public enum PageTemplate: String, CaseIterable, Hashable, Sendable {
    /// A folder of frames' viewer (`index.html` beside them): a scenario, a
    /// counterexample, the explore gallery.
    case viewer = "index.html"
    /// The output folder's index of scenarios.
    case list = "list.html"
    /// `feedframes preview`: preset × locale × state.
    case gallery = "gallery.html"
    /// `feedframes diff --html`: expected, actual and the difference.
    case diffReport = "diff.html"
    /// `feedframes explore`: the invariants, the gallery, the counterexamples.
    case exploreReport = "explore.html"
    /// `feedframes sweep`: the table of runs.
    case sweepTable = "sweep.html"
}

/// A page to write: its template and the values it is drawn from.
public struct Page: Sendable {
    public var template: PageTemplate
    public var value: TemplateValue

    public init(_ template: PageTemplate, _ value: TemplateValue) {
        self.template = template
        self.value = value
    }
}
