/// What one frame shows: its footprint and the transform that places terrain pixels on the screen.
public struct FrameView: Sendable, Hashable {
    /// The frame's footprint in terrain pixels (margin included).
    public let footprint: Footprint
    /// Terrain pixels → screen points.
    public let transform: ScreenTransform
}
