import StencilKit
let screen = try! Screen(width: 480, height: 320)
let f = try! Flight(from: GeoCoordinate(latitude: 0, longitude: -147), to: GeoCoordinate(latitude: 0, longitude: -86.25), on: .marsViking, screen: screen)
let loop = FlightLoop(f)
var buf: [VisibleTile] = []
let v = try! loop.cull(try! loop.pose(.outbound, 972), into: &buf)
print(buf.count, buf.map(\.tile).sorted().first!, buf.map(\.tile).sorted().last!, v.transform.apply(to: PixelPoint(x: 2028, y: 2688)))
try! loop.cull(try! loop.pose(.turnAtEnd, 90), into: &buf)
print(buf.count, buf.map(\.tile).sorted().first!, buf.map(\.tile).sorted().last!)
let stencil = try! Stencil(flight: f)
for cap in [94, 60, 47, 40, 30, 25, 20] {
  do {
    let plan = try BudgetPlan(flight: f, budget: MemoryBudget(bytes: cap * 65536), policy: .pause)
    print(cap, plan.segmentCount, plan.splitPositions, plan.peakResidentTiles, plan.loadsPerLoop)
    let plan2 = try BudgetPlan(flight: f, budget: MemoryBudget(bytes: cap * 65536), policy: .seamless)
    print("  seamless", plan2.segmentCount, plan2.splitPositions, plan2.peakResidentTiles, plan2.loadsPerLoop)
  } catch { print(cap, error) }
}
print(stencil.real.count)
