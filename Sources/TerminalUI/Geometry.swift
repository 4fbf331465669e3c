/// A size in terminal cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `WxH`.
    public var description: String { "\(width)x\(height)" }
}

/// A cell position: column `x`, row `y`, both from 0 at the top left.
public struct Point: Hashable, Sendable {
    /// Column.
    public var x: Int
    /// Row.
    public var y: Int

    /// Creates a point.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// A rectangle of cells.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// Left column.
    public var x: Int
    /// Top row.
    public var y: Int
    /// Width in columns (never negative).
    public var width: Int
    /// Height in rows (never negative).
    public var height: Int

    /// Creates a rectangle; negative sizes become 0.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// A rectangle at the origin.
    public init(size: Size) { self.init(x: 0, y: 0, width: size.width, height: size.height) }

    /// One past the right column.
    public var maxX: Int { x + width }
    /// One past the bottom row.
    public var maxY: Int { y + height }
    /// The size.
    public var size: Size { Size(width: width, height: height) }
    /// True when it holds no cell.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// True when `point` lies inside.
    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }

    /// The overlap of two rectangles (empty when they do not meet).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// True when the two rectangles share at least one cell.
    public func intersects(_ other: Rect) -> Bool { !intersection(other).isEmpty }

    /// This rectangle shrunk by the given margins.
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        Rect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
    }

    /// This rectangle shrunk by `amount` on every side.
    public func inset(by amount: Int) -> Rect { inset(top: amount, left: amount, bottom: amount, right: amount) }

    /// A rectangle of `size` centred in this one; an odd leftover cell goes right and below,
    /// and one larger than this one starts at its top-left corner (the caller clips).
    public func centered(_ size: Size) -> Rect {
        Rect(x: x + max(0, (width - size.width) / 2), y: y + max(0, (height - size.height) / 2), width: size.width, height: size.height)
    }

    /// Where a line of `width` columns starts when centred in this rectangle (rows centred too).
    public func centeredLine(width: Int) -> Point {
        let line = centered(Size(width: width, height: 1))
        return Point(x: line.x, y: line.y)
    }

    /// `x,y WxH`.
    public var description: String { "\(x),\(y) \(width)x\(height)" }
}
