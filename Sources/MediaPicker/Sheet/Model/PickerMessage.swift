import MediaDecoding
import TerminalUI
import Platform

/// Everything that can change the picker's model: input, the region the sheet is given,
/// the library, finished tiles and the clock. `PickerModel.update` is the only place they act.
enum PickerMessage {
    /// A key pressed.
    case key(Key)
    /// A click or a wheel turn.
    case mouse(MouseEvent)
    /// An action named directly (by the host or a test) rather than through a key.
    case action(PickerAction)
    /// A tab chosen directly.
    case selectTab(PickerTab)
    /// The focus put on this index of the shown entries.
    case focus(Int)
    /// The host gives the sheet this region (before drawing, and after a resize).
    case region(Rect)
    /// The library changed: its entries when they were re-read (nil: only the progress moved).
    case library(entries: [MediaEntry]?, progress: ScanProgress)
    /// The library changed, and its snapshot was arranged elsewhere from this model's grid order.
    case arranged(CatalogArrangement, progress: ScanProgress)
    /// The library dropped these paths (their files vanished): they leave the selection.
    case dropped([RawPath])
    /// Preselected paths the library now lists (as it spells them): they join the selection,
    /// up to the limit, so that nothing is selected that the grid does not show.
    case preselected([RawPath])
    /// A tile finished; the model holds no tile states, so only the next frame changes.
    case tileFinished
    /// A picture's thumbnail could not be decoded, for this reason: with
    /// `refusesUndecodablePictures`, it is not offered for picking.
    case undecodable(RawPath, reason: String)
    /// The status message shown under this generation has been up long enough.
    case messageExpired(generation: Int)
    /// A word from the host (the graphics hint), shown for a message's time where it hides
    /// nothing: beside the tabs, or on the status line of a sheet too narrow for that.
    case notice(String)
}

/// What an update asks the controller to do outside the model.
enum PickerEffect: Equatable {
    /// Call the delegate with these paths (the picker is finished).
    case finish([RawPath])
    /// Send `.messageExpired(generation:)` after the configured moment.
    case expireMessage(generation: Int)
    /// Have the library read these entries again: their readability mark is out of date.
    case reclassify([RawPath])
    /// Have the library drop these entries: a pick found their files gone.
    case vanished([RawPath])
}

/// The answer of one update: whether the message was used, and the effects to run.
struct PickerReply: Equatable {
    /// False for input the host should handle instead (and for everything once finished).
    var handled = true
    /// Work for the controller, in order.
    var effects: [PickerEffect] = []

    /// A message the sheet did not use.
    static let unhandled = PickerReply(handled: false)
}
