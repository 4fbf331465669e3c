/// Something that can hold focus and receives events while it has it: a button, a hosted controller.
struct FocusTarget {
    /// Identity (the view's path): focus is remembered by it across re-resolution.
    let id: String
    /// Handles an event; true when used.
    let handle: @MainActor (Event) -> Bool
}

/// A key handler attached with `.onKey`; true when it used the key.
typealias KeyHandler = @MainActor (Key) -> Bool

/// A mouse handler attached with `.onMouse`; true when it used the report.
typealias MouseHandler = @MainActor (MouseEvent) -> Bool

/// One level of presentation: the root screen, or a sheet over it.
struct Layer {
    /// Identity: "root", or the path of the view presenting the sheet.
    let id: String
    /// The resolved content.
    let root: any Node
    /// Focus targets in tree order (Tab order).
    let focusTargets: [FocusTarget]
    /// Key handlers in tree order (outer before inner).
    let keyHandlers: [KeyHandler]
    /// Mouse handlers in tree order (outer before inner).
    let mouseHandlers: [MouseHandler]
    /// A sheet's title, nil for the root screen.
    let title: String?
    /// True for a sheet.
    let isSheet: Bool
}

/// Collects a layer's focus targets, key and mouse handlers and the sheets it presents while its
/// views are resolved.
@MainActor
final class LayerBuilder {
    var focusTargets: [FocusTarget] = []
    var keyHandlers: [KeyHandler] = []
    var mouseHandlers: [MouseHandler] = []
    var pendingSheets: [PendingSheet] = []
}

/// A sheet found presented while resolving a layer; resolved into a layer of its own after it.
struct PendingSheet {
    let path: String
    let title: String?
    let content: any View
}
