#!/usr/bin/env python3
"""Generate Tests/MercatorMathTests/Fixtures/RhumbPolarReference.swift: rhumb-line direct and inverse problems on spheres,
solved with the exact spherical formulas in 60-digit arithmetic (mpmath), with many cases near the poles.

Needs mpmath (pip install mpmath). Deterministic: the random cases come from fixed seeds.
Usage: python3 Benchmarks/tools/make_rhumb_polar_reference.py > Tests/MercatorMathTests/Fixtures/RhumbPolarReference.swift

Formulas (sphere of radius R, angles in radians, psi(phi) = asinh(tan phi)):
  direct:  phi2 = phi1 + s*cos(az)/R;  lon2 = lon1 + tan(az)*(psi(phi2) - psi(phi1)),
           or lon2 = lon1 + s*sin(az)/(R*cos(phi1)) when cos(az) = 0 exactly (az a multiple of 90 degrees, odd).
  inverse: dlon = lon2 - lon1 reduced to [-180, 180] (exactly +-180 keeps the sign of lon2 - lon1, as in
           GeographicLib's AngDiff), dpsi = psi(phi2) - psi(phi1), az = atan2(dlon, dpsi),
           s = R*|phi2 - phi1|/|cos az|, or R*cos(phi1)*|dlon| when phi2 = phi1.
Inputs are exact doubles written as hexadecimal floats; outputs are double-doubles (hi, lo) in hexadecimal.
"""
import math
import random

import mpmath
from mpmath import mp, mpf

mp.dps = 60
PI = mp.pi
DEG = PI / 180
SPHERES = [("Mars", 3396190.0), ("Earth", 6378137.0)]


def psi(phi):
    return mp.asinh(mp.tan(phi))


def dd(x):
    hi = float(x)
    return hi, float(x - mpf(hi))


def h(v):
    return float(v).hex()


def reduce180(x):
    """x reduced to [-180, 180)."""
    return x - 360 * mp.floor((x + 180) / 360)


def direct(radius, lat1, lon1, az, s):
    R = mpf(radius)
    a = mpf(az) * DEG
    # cos and sin of the azimuth, exact at multiples of 90 degrees as the library's Degrees.sinCos is.
    q, r = divmod(az, 90.0)  # exact on doubles
    if r == 0:
        k = int(q) % 4
        ca, sa = [(1, 0), (0, 1), (-1, 0), (0, -1)][k]
    else:
        ca, sa = mp.cos(a), mp.sin(a)
    phi1 = mpf(lat1) * DEG
    phi2 = phi1 + mpf(s) * ca / R
    if abs(phi2) >= PI / 2:
        return None
    if ca == 0:
        dlon = mpf(s) * sa / (R * mp.cos(phi1))
    else:
        dlon = sa / ca * (psi(phi2) - psi(phi1))
    return phi2 / DEG, reduce180(mpf(lon1) + dlon / DEG)


def ang_diff(lon1, lon2):
    d = mpf(lon2) - mpf(lon1)
    r = d - 360 * mp.nint(d / 360)
    if abs(r) == 180:
        r = mpf(180) if d > 0 else mpf(-180)
    return r


def inverse(radius, lat1, lon1, lat2, lon2):
    R = mpf(radius)
    dlon = ang_diff(lon1, lon2) * DEG
    phi1, phi2 = mpf(lat1) * DEG, mpf(lat2) * DEG
    dpsi = psi(phi2) - psi(phi1)
    az = mp.atan2(dlon, dpsi) / DEG
    if az < 0:
        az += 360
    if phi1 == phi2:
        s = R * mp.cos(phi1) * abs(dlon)
    else:
        s = R * abs(phi2 - phi1) / abs(mp.cos(az * DEG))
    return az, s


def direct_inputs(rnd):
    cases = [(89.99, 0.0, 90.0, 10000.0, "issue 12: 89.99, azimuth 90, 10 km")]
    for lat in [89.9, 89.99, 89.999, 89.9999, 89.99999, 89.999999, 90 - 1e-8, 90 - 1e-10, -89.99, -89.9999999]:
        for az in [90.0, -90.0]:
            for s in [1.0, 1e2, 1e4, 1e6]:
                cases.append((lat, rnd.uniform(-180, 180), az, s, "due east/west near a pole"))
    for lat in [60.0, 85.0, 89.0, 89.99, 89.99999, -89.999]:
        for k in (3, 5, 7, 9, 11, 13):
            for sign in (1, -1):
                az = 90 + sign * 10.0**-k
                cases.append((lat, 10.0, az, 5e3, f"azimuth 90 {'+-'[sign < 0]} 1e-{k}"))
    for _ in range(200):
        lat = rnd.choice([rnd.uniform(-90, 90), math.copysign(90 - 10 ** rnd.uniform(-10, 0), rnd.uniform(-1, 1))])
        cases.append((lat, rnd.uniform(-180, 180), rnd.uniform(0, 360), 10 ** rnd.uniform(-3, 8), "random"))
    for _ in range(60):  # towards the pole, ending close to it
        lat = rnd.uniform(80, 89.9999)
        cases.append((lat, rnd.uniform(-180, 180), rnd.uniform(-60, 60), 10 ** rnd.uniform(2, 6), "towards a pole"))
    return cases


def inverse_inputs(rnd):
    cases = []
    for lat in [89.99, 89.9999999, -89.999999, 90 - 1e-10]:
        cases.append((lat, 0.0, lat, 180.0, "due east half way round near a pole"))
        cases.append((lat, 0.0, lat, 0.001, "due east 0.001 deg near a pole"))
        cases.append((lat, 20.0, math.copysign(abs(lat) - 1e-6, lat), 20.5, "close latitudes near a pole"))
    for _ in range(100):
        lat1 = math.copysign(90 - 10 ** rnd.uniform(-10, 1), rnd.uniform(-1, 1))
        lat2 = rnd.choice([rnd.uniform(-90, 90), lat1 + rnd.uniform(-1e-6, 1e-6)])
        if abs(lat2) >= 90:
            continue
        cases.append((lat1, rnd.uniform(-180, 180), lat2, rnd.uniform(-180, 180), "random near a pole"))
    return cases


def main():
    drows, irows = [], []
    for name, radius in SPHERES:
        rnd = random.Random(1201 if name == "Mars" else 1202)
        for lat1, lon1, az, s, note in direct_inputs(rnd):
            out = direct(radius, lat1, lon1, az, s)
            if out is None or abs(out[0]) > 90 - 1e-13:
                continue  # passes (or ends within rounding of) a pole
            (la, lb), (oa, ob) = dd(out[0]), dd(out[1])
            drows.append(f"{radius} {h(lat1)} {h(lon1)} {h(az)} {h(s)} {h(la)} {h(lb)} {h(oa)} {h(ob)} {note}")
        for lat1, lon1, lat2, lon2, note in inverse_inputs(rnd):
            az, s = inverse(radius, lat1, lon1, lat2, lon2)
            irows.append(f"{radius} {h(lat1)} {h(lon1)} {h(lat2)} {h(lon2)} {h(float(az))} {h(float(s))} {note}")
    ind = " " * 8
    print(f"""// Generated by Benchmarks/tools/make_rhumb_polar_reference.py (mpmath {mpmath.__version__}, 60 digits).
// Do not edit by hand.

/// Rhumb lines near the poles from the exact spherical formulas (see the generator's docstring), every number a
/// hexadecimal float.
enum RhumbPolarReference {{
    /// {len(drows)} lines "R φ₁ λ₁ azimuth s φ₂hi φ₂lo λ₂hi λ₂lo note": the direct problem, λ₂ in [-180, 180).
    static let direct = \"\"\"
{chr(10).join(ind + r for r in drows)}
        \"\"\"

    /// {len(irows)} lines "R φ₁ λ₁ φ₂ λ₂ azimuth s note": the inverse problem, azimuth in [0, 360), s in metres.
    static let inverse = \"\"\"
{chr(10).join(ind + r for r in irows)}
        \"\"\"
}}""")


if __name__ == "__main__":
    main()
