/// Receives the picker's results (PHPickerViewControllerDelegate's analog). The delegate
/// dismisses the picker; the picker never dismisses itself.
@MainActor
public protocol PickerDelegate: AnyObject {
    /// Called exactly once per presentation: the picked entries in selection order, or `[]` on cancel.
    func picker(_ picker: PickerController, didFinishPicking results: [PickerResult])
}
