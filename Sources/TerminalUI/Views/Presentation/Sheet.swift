/// Content that presents a modal sheet while a binding is true.
public struct SheetPresenter<Content: View, SheetContent: View>: View, PrimitiveView {
    let content: Content
    let isPresented: Binding<Bool>
    let title: String?
    let sheet: () -> SheetContent

    /// Primitive: no body.
    public var body: Never { fatalError("SheetPresenter is primitive") }

    func makeNodes(in context: ResolveContext) -> [any Node] {
        if isPresented.wrappedValue {
            context.layer.pendingSheets.append(PendingSheet(path: context.path + "/sheet", title: title, content: sheet()))
        }
        return context.child("content").nodes(for: content)
    }
}

extension View {
    /// Presents `content` as a modal panel over this view while `isPresented` is true: a
    /// bordered panel covering most of the screen, this view drawn dimmed around it, keys
    /// going to the sheet only. Setting the binding to false dismisses it, and the sheet's
    /// state (and any controller in it) is discarded.
    public func sheet<SheetContent: View>(
        isPresented: Binding<Bool>, title: String? = nil, @ViewBuilder content: @escaping () -> SheetContent
    ) -> SheetPresenter<Self, SheetContent> {
        SheetPresenter(content: self, isPresented: isPresented, title: title, sheet: content)
    }
}

/// Where a sheet's panel goes and how it looks.
public enum SheetGeometry {
    /// The panel for a screen area: the area less a margin of about a tenth of it on each
    /// side (none on very small screens), so the dimmed parent stays visible around it.
    public static func panel(in area: Rect) -> Rect {
        let marginX = area.width >= 40 ? max(2, area.width / 20) : area.width >= 20 ? 1 : 0
        // From 9 rows, not 8: an 8-row screen's margins left a 4-row panel where 7 rows had
        // 5, and the app's sheet said "Terminal too small: need 24x7, have 60x8".
        let marginY = area.height >= 16 ? max(1, area.height / 12) : area.height >= 9 ? 1 : 0
        return area.inset(top: marginY, left: marginX, bottom: marginY, right: marginX)
    }

    /// The smallest screen whose panel holds `content` inside its border: what a sheet too
    /// small for its content asks the terminal to be. The margins grow with the screen (and
    /// depend on one side each), so each side is searched, not worked out from the margins
    /// of the screen at hand.
    public static func screenSize(holding content: Size) -> Size {
        func inner(width: Int, height: Int) -> Size { panel(in: Rect(x: 0, y: 0, width: width, height: height)).inset(by: 1).size }
        var width = max(0, content.width), height = max(0, content.height)
        while inner(width: width, height: height).width < content.width { width += 1 }
        while inner(width: width, height: height).height < content.height { height += 1 }
        return Size(width: width, height: height)
    }

    /// The style of the panel's border.
    public static let borderStyle = Style(attributes: [.bold])
}

/// How the layers under a sheet are drawn.
public enum Dimming {
    /// `style` dimmed: the dim attribute, plus colours darkened so the effect also shows on
    /// terminals that ignore dim. Default ink becomes palette grey (entry 8), which even
    /// 16-colour terminals show; default paper stays.
    public static func dimmed(_ style: Style) -> Style {
        var result = style
        result.attributes.insert(.dim)
        result.attributes.remove(.bold)
        result.foreground = darkened(style.foreground) ?? .indexed(8)
        result.background = darkened(style.background) ?? .default
        return result
    }

    /// The colour at 45 % brightness, or nil for the terminal's default.
    private static func darkened(_ color: TerminalColor) -> TerminalColor? {
        guard let rgb = color.approximateRGB else { return nil }
        func scale(_ channel: UInt8) -> UInt8 { UInt8(Int(channel) * 45 / 100) }
        return .rgb(RGB(scale(rgb.r), scale(rgb.g), scale(rgb.b)))
    }
}
