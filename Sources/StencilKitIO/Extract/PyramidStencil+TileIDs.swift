import MercatorMath
import StencilKit

extension PyramidStencil {
    /// The real tiles of every level n₀…n₁ as XYZ ids (a pyramid's grids are XYZ levels), level by level, row-major.
    /// - Complexity: O(tiles).
    public var tileIDs: [TileID] {
        var out: [TileID] = []
        out.reserveCapacity(tileCount)
        for stencil in stencils {
            for tile in stencil.real {
                if let id = try? stencil.grid.tileID(of: tile) { out.append(id) }
            }
        }
        return out
    }
}
