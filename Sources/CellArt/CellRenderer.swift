import MediaDecoding

/// Turns pixels into cells. Placeholder surface; the renderer fills it in.
public enum CellRenderer {
    /// The pixel size worth decoding to for a picture of `imageWidth`x`imageHeight`
    /// drawn with `options` (decoders take it as their target).
    public static func preferredPixelSize(imageWidth: Int, imageHeight: Int, options: ArtOptions) -> (width: Int, height: Int) {
        (options.columns * 8, options.rows * 16)
    }

    /// Renders `image` into `options.columns` x `options.rows` cells.
    public static func render(_ image: PixelImage, options: ArtOptions) -> CellImage {
        CellImage(columns: options.columns, rows: options.rows)
    }
}
