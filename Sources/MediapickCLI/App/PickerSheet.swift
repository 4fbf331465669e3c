import MediaPicker
import Platform
import TerminalUI

/// The picker presented as a sheet: the analog of the samples' `UIViewControllerRepresentable`
/// wrapping `PHPickerViewController`. Its coordinator is the picker's delegate: it appends the
/// results to the bound list and dismisses the sheet, as the samples' coordinator does.
struct PickerSheet: ControllerRepresentable {
    @Binding var chosen: [ChosenFile]
    @Binding var isPresented: Bool
    let configuration: PickerConfiguration
    let library: MediaLibrary
    /// Told, once the results are appended, which picks were left out because their files
    /// went while the sheet was open (`PickerController.vanishedPicks`; empty when none).
    let didFinish: @MainActor (_ vanished: [RawPath]) -> Void

    func makeCoordinator() -> Coordinator { Coordinator(self) }

    func makeController(context: Context) -> PickerController {
        let picker = PickerController(configuration: configuration, library: library)
        picker.delegate = context.coordinator
        return picker
    }

    func updateController(_ controller: PickerController, context: Context) {
        context.coordinator.parent = self
    }

    /// The picker's delegate.
    @MainActor
    final class Coordinator: PickerDelegate {
        var parent: PickerSheet

        init(_ parent: PickerSheet) { self.parent = parent }

        func picker(_ picker: PickerController, didFinishPicking results: [PickerResult]) {
            parent.chosen.append(results: results)
            parent.didFinish(picker.vanishedPicks)
            parent.isPresented = false
        }
    }
}
