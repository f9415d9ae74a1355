import StencilKit
let screen = try! Screen(width: 480, height: 320)
for (a, b) in [((-147.0, 0.0), (-86.25, 0.0)), ((172.5, 0.0), (-168.75, 0.0))] {
    let f = try! Flight(from: GeoCoordinate(latitude: a.1, longitude: a.0), to: GeoCoordinate(latitude: b.1, longitude: b.0), on: .marsViking, screen: screen)
    let s = try! Stencil(flight: f)
    print(s.unwrapped.count, s.real.count)
    for span in s.unwrapped.spans { print(span) }
}
do {
    let f = try Flight(from: GeoCoordinate(latitude: 63.5, longitude: 0), to: GeoCoordinate(latitude: 63.5, longitude: 10), on: .marsViking, screen: screen)
    _ = try Stencil(flight: f)
} catch { print(error) }
