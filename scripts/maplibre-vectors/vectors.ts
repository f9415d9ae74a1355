// Test vectors for StencilKit's MapLibre-compatible cover (MapLibreCamera), written by MapLibre GL JS's own code.
//
// Bundled by generate.sh with the MapLibre sources it extracts from a mirror (never committed here). Each camera is
// set up as MapLibre's Map sets up its transform (a MercatorTransform made with the Map's default options, resized
// to the canvas's CSS size, then jumpTo's order: zoom, centre, bearing, pitch), and its tiles are those
// coveringTiles returns with the options TileManager.update passes for a raster source (roundZoom, no
// reparseOverscaled) or a vector source (floor, reparseOverscaled), no terrain, in MapLibre's order.
import {MercatorTransform} from './maplibre/src/geo/projection/mercator_transform';
import {coveringTiles} from './maplibre/src/geo/projection/covering_tiles';
import {LngLat} from './maplibre/src/geo/lng_lat';

/** SplitMix64, as Tests/TestSupport/SplitMix64.swift (the same seed replays the same cameras' draws). */
class SplitMix64 {
    state: bigint;
    constructor(seed: bigint) { this.state = seed; }
    next(): bigint {
        const mask = (1n << 64n) - 1n;
        this.state = (this.state + 0x9E3779B97F4A7C15n) & mask;
        let z = this.state;
        z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & mask;
        z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & mask;
        return z ^ (z >> 31n);
    }
    unit(): number { return Number(this.next() >> 11n) * 2 ** -53; }
    uniform(lower: number, upper: number): number { return lower + (upper - lower) * this.unit(); }
    int(lower: number, upper: number): number { return lower + Number(this.next() % BigInt(upper - lower + 1)); }
    chance(p: number): boolean { return this.unit() < p; }
}

/** A value rounded to `digits` decimals, so the JSON text holds it exactly as both readers parse it. */
function rounded(value: number, digits: number): number {
    return Number(value.toFixed(digits));
}

type Camera = {
    center: [number, number]; zoom: number; bearing: number; pitch: number; width: number; height: number;
    tileSize: number; minzoom: number; maxzoom: number; type: 'raster' | 'vector'; fov?: number;
};

function randomCamera(g: SplitMix64): Camera {
    // Longitudes mostly in [-180, 180], some near ±180 and some past it (an unwrapped centre).
    const lngKind = g.unit();
    const lng = lngKind < 0.7 ? g.uniform(-180, 180) : lngKind < 0.85 ? g.uniform(175, 185) * (g.chance(0.5) ? 1 : -1)
        : g.uniform(-540, 540);
    // Latitudes mostly inside ±80, some near the poles (where MapLibre's constraint moves the centre).
    const lat = g.chance(0.85) ? g.uniform(-80, 80) : g.uniform(80, 90) * (g.chance(0.5) ? 1 : -1);
    const zoom = g.chance(0.1) ? g.uniform(-2, 2) : g.uniform(0, 22);
    const bearing = g.chance(0.1) ? 0 : g.uniform(-180, 180);
    const pitchKind = g.unit();
    const pitch = pitchKind < 0.1 ? 0 : pitchKind < 0.4 ? g.uniform(0, 60) : pitchKind < 0.9 ? g.uniform(60, 85)
        : g.uniform(85, 89.9);
    const width = g.chance(0.1) ? g.int(1, 100) : g.int(100, 2560);
    const height = g.chance(0.1) ? g.int(1, 100) : g.int(100, 1600);
    const tileSize = g.chance(0.5) ? 256 : 512;
    const minzoom = g.chance(0.7) ? 0 : g.int(0, 12);
    const maxzoom = g.chance(0.5) ? 22 : g.int(minzoom, 22);
    const type = g.chance(0.5) ? 'raster' : 'vector';
    const camera: Camera = {
        center: [rounded(lng, 6), rounded(lat, 6)], zoom: rounded(zoom, 6), bearing: rounded(bearing, 4),
        pitch: rounded(pitch, 4), width, height, tileSize, minzoom, maxzoom, type,
    };
    if (g.chance(0.15)) camera.fov = rounded(g.uniform(10, 120), 3);
    return camera;
}

/** MapLibre's tiles for a camera: [overscaledZ, wrap, z, x, y] in the order coveringTiles returns them. */
function mapLibreTiles(c: Camera): {tiles: number[][]; center: [number, number]; zoom: number} {
    // The Map's defaults (minZoom -2, maxZoom 22, world copies rendered), with maxPitch raised to 90 for the
    // pitches past 85° drawn here.
    const transform = new MercatorTransform({minZoom: -2, maxZoom: 22, minPitch: 0, maxPitch: 90, renderWorldCopies: true});
    transform.resize(c.width, c.height);
    if (c.fov !== undefined) transform.setFov(c.fov);
    transform.setZoom(c.zoom);
    transform.setCenter(new LngLat(c.center[0], c.center[1]));
    transform.setBearing(c.bearing);
    transform.setPitch(c.pitch);
    const raster = c.type === 'raster';
    const ids = coveringTiles(transform, {
        tileSize: c.tileSize, minzoom: c.minzoom, maxzoom: c.maxzoom,
        roundZoom: raster ? true : undefined, reparseOverscaled: raster ? undefined : true,
    });
    return {
        tiles: ids.map(id => [id.overscaledZ, id.wrap, id.canonical.z, id.canonical.x, id.canonical.y]),
        center: [transform.center.lng, transform.center.lat], zoom: transform.zoom,
    };
}

const count = Number(process.env.VECTOR_COUNT ?? '600');
const seed = BigInt(process.env.VECTOR_SEED ?? '28');
const g = new SplitMix64(seed);
const cameras = [];
for (let i = 0; i < count; i++) {
    const camera = randomCamera(g);
    const result = mapLibreTiles(camera);
    cameras.push({...camera, tiles: result.tiles, mapCenter: result.center, mapZoom: result.zoom});
}
const header = {
    maplibre: process.env.MAPLIBRE_DESCRIBE ?? 'unknown',
    generator: 'scripts/maplibre-vectors/generate.sh',
    seed: Number(seed),
    tile: '[overscaledZ, wrap, z, x, y] in coveringTiles order',
};
process.stdout.write('{"source": ' + JSON.stringify(header) + ',\n"cameras": [\n' +
    cameras.map(c => JSON.stringify(c)).join(',\n') + '\n]}\n');
