import CellLayout
import FrameRendering

/// What a strategy renders with: the default templates (compiled into
/// FeedFramesResources), the frame schema, and the scenario's context.
public struct FrameResources: Sendable {
    public var templates: FrameTemplates
    public var validator: FrameValidator
    public var context: FrameContext
    /// The frame's rows as measured cells (SPEC §9), when the list draws cells; none for title rows.
    public var cells: [CellBox?] = []
}
