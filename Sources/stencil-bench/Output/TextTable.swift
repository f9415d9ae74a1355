import Foundation
import StencilScenarios

/// A plain-text table: the first column left-aligned, the others right-aligned, columns two spaces apart.
struct TextTable {
    var header: [[String]]
    var rows: [[String]] = []

    init(header: [[String]]) { self.header = header }

    mutating func add(_ row: [String]) { rows.append(row) }

    var rendered: String {
        let all = header + rows
        let columns = all.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in all { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        func line(_ row: [String]) -> String {
            var parts: [String] = []
            for i in 0..<columns {
                let cell = i < row.count ? row[i] : ""
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                parts.append(i == 0 ? cell + pad : pad + cell)
            }
            return parts.joined(separator: "  ").replacingTrailingSpaces()
        }
        var out = header.map(line)
        out.append(String(repeating: "─", count: widths.reduce(0, +) + 2 * max(0, columns - 1)))
        out += rows.map(line)
        return out.joined(separator: "\n")
    }
}

extension String {
    fileprivate func replacingTrailingSpaces() -> String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}
