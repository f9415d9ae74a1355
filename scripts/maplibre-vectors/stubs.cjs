// Runs the bundled generator with stand-ins for the packages MapLibre's modules import but coveringTiles never
// calls (shaders' array types, protobuf, …): each is a proxy that accepts any use at load time. The one function of
// the style specification on the path, interpolates.number (screenPointToMercatorCoordinate), is MapLibre's own
// formula from @maplibre/maplibre-gl-style-spec src/util/interpolate-primitives.ts: from + t·(to − from).
const Module = require('module');
function stub(name) {
    const f = function () { return stub(name); };
    return new Proxy(f, {
        get(target, key) {
            if (key === 'prototype') return {};
            if (key === Symbol.toPrimitive) return () => 0;
            if (key === '__esModule') return false;
            return stub(name + '.' + String(key));
        },
        construct() { return stub(name + '()'); },
    });
}
const styleSpec = new Proxy({interpolates: {number: (from, to, t) => from + t * (to - from)}}, {
    get(target, key) { return key in target ? target[key] : stub('style-spec.' + String(key)); },
});
const load = Module._load;
Module._load = function (request, parent, isMain) {
    if (request === '@maplibre/maplibre-gl-style-spec') return styleSpec;
    try {
        return load.apply(this, arguments);
    } catch (error) {
        return stub(request);
    }
};
require(process.argv[2]);
