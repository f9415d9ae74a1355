import Foundation
import TestSupport
import Testing

@testable import StencilKit

/// Turns flown at a ground speed (the geometry model's *Ground units and time*, §12), each test able to fail on its
/// own: a pivot takes |Δ| / turn rate (not 0 s), a great-circle chain's joints take none, and a leg's fly-by turn is
/// flown at that leg's speed (not the next leg's). Expected values are written out here: κ from its formula, the
/// pivot's angle from the legs' pixel directions.
struct GroundTurnTimingTests {
    static let grid = try! TileGrid.xyz(level: 8)
    static let screen = try! Screen(width: 400, height: 300)
    static let waypoints = [
        try! GeoCoordinate(latitude: 40, longitude: -10), try! GeoCoordinate(latitude: 42, longitude: 0),
        try! GeoCoordinate(latitude: 38, longitude: 6),
    ]

    /// The signed turn in degrees between the legs a→b and b→c, from their pixel directions.
    static func turn(_ a: PixelPoint, _ b: PixelPoint, _ c: PixelPoint) -> Double {
        let u = (b.x - a.x, b.y - a.y)
        let v = (c.x - b.x, c.y - b.y)
        return atan2(u.0 * v.1 - u.1 * v.0, u.0 * v.0 + u.1 * v.1) * 180 / .pi
    }

    @Test func aPivotTakesItsTurnRateTimeInMetres() throws {
        let track = try Track(waypoints: Self.waypoints, on: Self.grid, screen: Self.screen)
        let timetable = try TrackTimetable(
            track: track, timing: GroundTiming(speed: 250, framesPerSecond: 10, turnRate: 45))
        let pixels = try Self.waypoints.map { try Self.grid.pixel(of: $0) }
        let delta = Self.turn(pixels[0], pixels[1], pixels[2])
        #expect(abs(delta) > 30)
        var pivots = 0
        for (index, piece) in track.pieces.enumerated() {
            guard case .turn(let turn) = piece else { continue }
            #expect(turn.isPivot && turn.takesTime)
            pivots += 1
            let seconds = timetable.pieceStarts[index + 1] - timetable.pieceStarts[index]
            #expect(abs(seconds - abs(delta) / 45) < 1e-9, "the pivot took \(seconds) s")
        }
        #expect(pivots == 1)
        // The whole flight: both legs' rhumb distances at 250 m/s, plus the pivot.
        var straight = 0.0
        for (from, to) in [(0, 1), (1, 2)] {
            straight += try RhumbLine(from: Self.waypoints[from], to: Self.waypoints[to], on: .earth).distance / 250
        }
        #expect(abs(timetable.duration - (straight + abs(delta) / 45)) < 1e-6)
    }

    @Test func aGreatCircleChainsJointsTakeNoTime() throws {
        let track = try Track(
            waypoints: [Self.waypoints[0], try GeoCoordinate(latitude: 50, longitude: 60)], on: Self.grid,
            screen: Self.screen, legs: .greatCircle)
        let timetable = try TrackTimetable(track: track, timing: GroundTiming(speed: 250, turnRate: 45))
        var joints = 0
        for (index, piece) in track.pieces.enumerated() {
            guard case .turn(let turn) = piece else { continue }
            joints += 1
            #expect(!turn.takesTime)
            #expect(timetable.pieceStarts[index + 1] == timetable.pieceStarts[index])
        }
        #expect(joints > 10)
    }

    @Test func aFlyByTurnIsFlownAtItsOwnLegsSpeed() throws {
        let track = try Track(waypoints: Self.waypoints, on: Self.grid, screen: Self.screen, turnRadius: 4)
        #expect(track.legCount == 2)
        let speeds = [100.0, 400]
        let timetable = try TrackTimetable(track: track, timing: GroundTiming(legSpeeds: speeds))
        var turns = 0
        for (index, piece) in track.pieces.enumerated() {
            guard case .turn(let turn) = piece else { continue }
            turns += 1
            #expect(track.leg(ofPiece: index) == 0)
            let latitude = try Self.grid.coordinate(at: turn.center).latitude
            let kappa = Self.grid.width / (2 * .pi) / (6_378_137 * cos(latitude * .pi / 180))
            let metres = turn.radius * turn.degrees * .pi / 180 / kappa
            let seconds = timetable.pieceStarts[index + 1] - timetable.pieceStarts[index]
            #expect(abs(seconds - metres / 100) <= 1e-9 * seconds, "flown at \(metres / seconds) m/s")
            #expect(abs(seconds - metres / 400) > 0.5 * seconds)
        }
        #expect(turns == 1)
    }
}
