import Foundation
import StencilKit

/// A self-contained HTML page that animates a flight under its streaming schedule (`stencil-bench animate`): the
/// stencil's tiles, the track, the screen footprint moving frame by frame, and each tile appearing as it loads
/// (orange), resident (green) and fading as it is evicted (grey), on a canvas with a time slider.
///
/// The page opens at time `#t=T` (seconds from take-off; `?t=T` too) and stands still there, or plays the flight in
/// a loop, at `#speed=N` times real time (by default fast enough to play the whole flight in a minute or less). It writes what it draws into `<pre id="state">` and the title: `t=T resident=R loading=L`, then the
/// resident tiles as `c,j` pairs (real column, row), so a headless browser's DOM shows it
/// (`scripts/check-animation.sh`). The layout is fixed here, so ``pixelCentre(of:)`` says where a tile's centre is
/// drawn: on a canvas at the page's top-left corner, ``canvasWidth`` points wide, one point per CSS pixel.
public struct FlightAnimation: Sendable {
    /// The name in the page's title.
    public let name: String
    /// The track flown, at the frames' timing.
    public let frames: TrackFrames
    /// The schedule.
    public let schedule: StreamingSchedule<TileIndex>
    /// The slots C it was planned with.
    public let capacity: Int
    /// The schedule's holds, in request order.
    public let holds: [Residency<TileIndex>.Hold]
    /// The stencil: the tiles drawn, at their unwrapped places.
    public let stencil: Stencil
    /// The terrain window drawn, in terrain pixels: the stencil's tiles and one tile around.
    public let world: PixelBounds
    /// Canvas points per terrain pixel.
    public let scale: Double

    /// The canvas's width in CSS pixels.
    public static let canvasWidth = 900.0
    /// The most poses the page holds (frames past it are taken at a stride).
    static let maximumKeyFrames = 4000
    /// Seconds an evicted tile takes to fade out.
    static let fadeSeconds = 0.5

    /// Colours of the page; a resident tile is exactly ``residentColour`` at its centre.
    public static let residentColour = (red: 0x41, green: 0xab, blue: 0x5d)

    /// The page of the flight of `frames` under `schedule`, planned with `capacity` slots, whose holds are `holds`,
    /// over `stencil`'s tiles, titled with `name`.
    public init(
        name: String, frames: TrackFrames, schedule: StreamingSchedule<TileIndex>, capacity: Int,
        holds: [Residency<TileIndex>.Hold],
        stencil: Stencil
    ) {
        self.name = name
        self.frames = frames
        self.schedule = schedule
        self.capacity = capacity
        self.holds = holds
        self.stencil = stencil
        let t = stencil.grid.tileLength
        world = Svg.TileWindow(around: stencil.unwrapped.pictureBounds(tileLength: t), tileLength: t).world
        scale = min(Self.canvasWidth / (world.maxX - world.minX), 700 / (world.maxY - world.minY))
    }

    /// The canvas's height in CSS pixels.
    public var canvasHeight: Double { ((world.maxY - world.minY) * scale).rounded(.up) }

    /// Where the centre of the stencil's unwrapped tile is drawn, in canvas pixels from the top-left corner.
    public func pixelCentre(of tile: TileIndex) -> PixelPoint {
        let t = stencil.grid.tileLength
        return PixelPoint(
            x: ((Double(tile.column) + 0.5) * t - world.minX) * scale,
            y: ((Double(tile.row) + 0.5) * t - world.minY) * scale)
    }

    /// The stencil's unwrapped tiles that draw the real `tile` (ghost columns too).
    public func places(of tile: TileIndex) -> [TileIndex] {
        stencil.unwrapped.tiles.filter { $0.row == tile.row && stencil.grid.realColumn(of: $0.column) == tile.column }
    }

    /// The page's state at time t as JSON: `{"t", "resident": [[c, j], ...], "loading": [...], "residentPixels":
    /// [[x, y], ...], "stencilPixels": [[x, y], ...]}` — the tiles the schedule holds at t, `resident` and
    /// `loading` (each sorted by row then column), the canvas pixels of every place a resident tile is drawn, and
    /// of every stencil tile's centre.
    public func state(at t: Double, resident: [TileIndex], loading: [TileIndex]) -> String {
        let pairs = { (tiles: [TileIndex]) in tiles.map { "[\($0.column), \($0.row)]" }.joined(separator: ", ") }
        let pixels = { (tiles: [TileIndex]) in
            tiles.map {
                let p = pixelCentre(of: $0); return "[\(Svg.number(p.x)), \(Svg.number(p.y))]"
            }
            .joined(separator: ", ")
        }
        let residentPlaces = resident.flatMap(places(of:))
        return "{\"t\": \(t), \"resident\": [\(pairs(resident))], \"loading\": [\(pairs(loading))], "
            + "\"residentPixels\": [\(pixels(residentPlaces))], \"stencilPixels\": [\(pixels(stencil.unwrapped.tiles))]}\n"
    }

    /// The page as HTML text.
    public func render() -> String {
        let track = frames.track
        let grid = track.grid
        let t = grid.tileLength
        let n = { (v: Double) in Svg.number(v) }
        let tiles = stencil.unwrapped.tiles.map { "[\($0.column),\($0.row),\(grid.realColumn(of: $0.column))]" }
        let holds = self.holds.map {
            "[\($0.tile.column),\($0.tile.row),\($0.request),\($0.completion),\($0.eviction.map { "\($0)" } ?? "null")]"
        }
        let stride = max(1, (frames.count + Self.maximumKeyFrames - 1) / Self.maximumKeyFrames)
        var keys: [String] = []
        var buffer: [VisibleTile] = []
        for k in Swift.stride(from: 0, to: frames.count, by: stride) {
            let pose = frames.pose(ofFrame: k)
            guard let view = try? track.cull(pose, lateralOffset: 0, into: &buffer) else { continue }
            let q = view.footprint.corners
            let corners = [q.a, q.b, q.c, q.d].map { "\(n($0.x)),\(n($0.y))" }.joined(separator: ",")
            keys.append("[\(frames.time(ofFrame: k)),\(n(pose.position.x)),\(n(pose.position.y)),\(corners)]")
        }
        var points: [PixelPoint] = []
        for piece in track.pieces { points += piece.picturePoints }
        let data = """
            {"name": \(jsonString(name)), "tileSize": \(t), "world": [\(world.minX), \(world.minY), \
            \(world.maxX), \(world.maxY)], "scale": \(scale), "width": \(Self.canvasWidth), "height": \(canvasHeight), \
            "capacity": \(capacity), "takeoffWait": \(schedule.takeoffWait), \
            "end": \(Double(schedule.frameCount) / schedule.framesPerSecond), "fade": \(Self.fadeSeconds), \
            "latency": \(schedule.loader.latency), "throughput": \(schedule.loader.throughput), \
            "requests": \(schedule.requestCount), "belady": \(schedule.beladyBound), \
            "track": [\(points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: ","))],
            "tiles": [\(tiles.joined(separator: ","))],
            "holds": [\(holds.joined(separator: ",\n"))],
            "keys": [\(keys.joined(separator: ",\n"))]}
            """
        let (r, g, b) = Self.residentColour
        let resident = String(format: "#%02x%02x%02x", r, g, b)
        return Self.page.replacingOccurrences(of: "__TITLE__", with: Svg.escape(name))
            .replacingOccurrences(of: "__RESIDENT__", with: resident)
            .replacingOccurrences(of: "__WIDTH__", with: n(Self.canvasWidth))
            .replacingOccurrences(of: "__HEIGHT__", with: n(canvasHeight))
            .replacingOccurrences(of: "__DATA__", with: data)
    }

    /// `s` as a JSON string.
    private func jsonString(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// The page, with `__DATA__` and the other placeholders to fill.
    static let page = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>__TITLE__</title>
        <style>
        body { margin: 0; font: 13px Helvetica, Arial, sans-serif; }
        #map { position: absolute; left: 0; top: 0; }
        #panel { position: absolute; left: 0; top: __HEIGHT__px; padding: 6px 10px; width: 880px; }
        #state { white-space: pre-wrap; font: 11px monospace; margin: 4px 0; }
        input[type=range] { width: 600px; vertical-align: middle; }
        </style></head>
        <body>
        <canvas id="map" width="__WIDTH__" height="__HEIGHT__"></canvas>
        <div id="panel">
        <div><button id="play">pause</button> <input id="time" type="range" min="0" max="1" step="0.001">
        <span id="clock"></span></div>
        <div id="info"></div>
        <div>stencil tile: outlined · <span style="color:#fd8d3c">■</span> loading ·
        <span style="color:__RESIDENT__">■</span> resident · <span style="color:#999">■</span> evicted (fading) ·
        black: the screen footprint. Open with #t=SECONDS to stop at a time, #speed=N to play at N × real time.</div>
        <pre id="state"></pre>
        </div>
        <script>
        "use strict";
        const D = __DATA__;
        const canvas = document.getElementById("map"), ctx = canvas.getContext("2d");
        const T = D.tileSize, S = D.scale, X0 = D.world[0], Y0 = D.world[1];
        const cx = x => (x - X0) * S, cy = y => (y - Y0) * S;
        const start = -D.takeoffWait, end = D.end;
        // Each real tile's places on the canvas (ghost columns draw the same texture).
        const places = new Map();
        for (const [u, j, c] of D.tiles) {
          const key = c + "," + j;
          if (!places.has(key)) places.set(key, []);
          places.get(key).push([u, j]);
        }
        function state(t) {
          const resident = [], loading = [], fading = [];
          for (const [c, j, request, completion, eviction] of D.holds) {
            if (t < request) continue;
            if (eviction !== null && t >= eviction) {
              if (t < eviction + D.fade) fading.push([c, j, 1 - (t - eviction) / D.fade]);
              continue;
            }
            if (t < completion) loading.push([c, j, (t - request) / Math.max(completion - request, 1e-9)]);
            else resident.push([c, j]);
          }
          const order = (a, b) => a[1] - b[1] || a[0] - b[0];
          resident.sort(order); loading.sort(order);
          return {resident, loading, fading};
        }
        function keyAt(t) {  // the last pose at or before t (the first before take-off)
          let lo = 0, hi = D.keys.length - 1;
          if (t <= D.keys[0][0]) return D.keys[0];
          while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (D.keys[mid][0] <= t) lo = mid; else hi = mid - 1; }
          return D.keys[lo];
        }
        function fill(c, j, colour) {
          for (const [u, row] of places.get(c + "," + j) || []) {
            ctx.fillStyle = colour;
            ctx.fillRect(cx(u * T), cy(row * T), T * S, T * S);
          }
        }
        function draw(t) {
          ctx.fillStyle = "white"; ctx.fillRect(0, 0, canvas.width, canvas.height);
          const s = state(t);
          for (const [c, j, a] of s.fading) fill(c, j, "rgba(150,150,150," + a.toFixed(3) + ")");
          for (const [c, j, p] of s.loading) fill(c, j, "rgba(253,141,60," + (0.25 + 0.75 * p).toFixed(3) + ")");
          for (const [c, j] of s.resident) fill(c, j, "__RESIDENT__");
          ctx.strokeStyle = "#6baed6"; ctx.lineWidth = 1;
          for (const [u, j] of D.tiles) ctx.strokeRect(cx(u * T) + 0.5, cy(j * T) + 0.5, T * S - 1, T * S - 1);
          ctx.strokeStyle = "#08306b"; ctx.lineWidth = 2; ctx.beginPath();
          for (let i = 0; i < D.track.length; i += 2) {
            const x = cx(D.track[i]), y = cy(D.track[i + 1]);
            if (i === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
          }
          ctx.stroke();
          const k = keyAt(t);
          ctx.strokeStyle = "black"; ctx.lineWidth = 2.5; ctx.beginPath();
          for (let i = 0; i < 4; i++) {
            const x = cx(k[3 + 2 * i]), y = cy(k[4 + 2 * i]);
            if (i === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
          }
          ctx.closePath(); ctx.stroke();
          ctx.fillStyle = "black"; ctx.beginPath(); ctx.arc(cx(k[1]), cy(k[2]), 4, 0, 2 * Math.PI); ctx.fill();
          const line = "t=" + t.toFixed(3) + " resident=" + s.resident.length + " loading=" + s.loading.length;
          document.title = line;
          document.getElementById("state").textContent =
            line + "\\nresident-tiles=" + s.resident.map(r => r[0] + "," + r[1]).join(";") +
            "\\nloading-tiles=" + s.loading.map(r => r[0] + "," + r[1]).join(";");
          document.getElementById("clock").textContent =
            t.toFixed(2) + " s (" + (s.resident.length + s.loading.length) + " of " + D.capacity + " slots), played at ×" +
            speed.toFixed(speed < 10 ? 1 : 0);
          slider.value = ((t - start) / (end - start)).toFixed(4);
        }
        const slider = document.getElementById("time"), button = document.getElementById("play");
        document.getElementById("info").textContent = D.name + ": capacity " + D.capacity + " tiles, loader λ = " +
          Number(D.latency.toPrecision(6)) + " s, μ = " + Number(D.throughput.toPrecision(6)) + " tiles/s, " + D.requests + " requests (Belady's bound " +
          D.belady + "), take-off wait " + D.takeoffWait.toFixed(3) + " s, flight " + end.toFixed(2) + " s";
        const asked = /[#?&]t=(-?[0-9.]+(?:e-?[0-9]+)?)/.exec(location.hash + location.search);
        // Played at `speed` times real time: #speed=N, else fast enough to fly the whole flight in a minute or less.
        const fast = /[#?&]speed=([0-9.]+)/.exec(location.hash + location.search);
        const speed = fast ? Number(fast[1]) : Math.max(1, (end - start) / 60);
        let now = asked ? Number(asked[1]) : start, playing = !asked, last = null;
        function frame(stamp) {
          if (playing) {
            if (last !== null) { now += speed * (stamp - last) / 1000; if (now > end) now = start; }
            last = stamp;
            draw(now);
          }
          requestAnimationFrame(frame);
        }
        slider.oninput = () => { playing = false; button.textContent = "play"; now = start + slider.value * (end - start); draw(now); };
        button.onclick = () => { playing = !playing; last = null; button.textContent = playing ? "pause" : "play"; };
        button.textContent = playing ? "pause" : "play";
        draw(now);
        requestAnimationFrame(frame);
        </script>
        </body></html>

        """
}
