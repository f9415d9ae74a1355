#!/usr/bin/env bash
# Flies a scenario's schedule over HTTP: starts an nginx of its own (Debian's nginx-light) on 127.0.0.1 on a free
# port, with its configuration, logs and temp paths in a temporary prefix, serving ARCHIVE's folder; runs
# `stencil-bench replay SCENARIO --source http://127.0.0.1:PORT/ARCHIVE --speedup K --json` (the loader calibrated
# on the HTTP source, the schedule planned at its least capacity on that model, then flown), checks that the
# schedule's row has 0 stalled frames, prints its figures and nginx's request count, and stops nginx by its PID.
#
#   scripts/check-http-replay.sh Benchmarks/archives/jfk-lhr-6-10.pmtiles jfk-lhr 600   (as CI runs it)
#   scripts/check-http-replay.sh /tmp/world-0-10.pmtiles jfk-lhr 60
#
# ARCHIVE must hold the scenario's grid level (jfk-lhr: level 8; scripts/make-synthetic-source.py 0 10 writes one).
# Uses the release build when there is one (swift build -c release --product stencil-bench), else the debug build.
set -euo pipefail
archive=$(realpath "${1:?usage: scripts/check-http-replay.sh ARCHIVE [SCENARIO] [SPEEDUP] [more replay options]}")
scenario=${2:-jfk-lhr}
speedup=${3:-60}
shift $(( $# >= 3 ? 3 : $# ))
root=$(cd "$(dirname "$0")/.." && pwd)
bench="$root/.build/release/stencil-bench"
[[ -x "$bench" ]] || bench="$root/.build/debug/stencil-bench"
nginx=$(command -v nginx || echo /usr/sbin/nginx)
[[ -x "$nginx" ]] || { echo "nginx is not installed: apt-get install -y nginx-light" >&2; exit 2; }
prefix=$(mktemp -d)
pid=""
cleanup() {
    if [[ -n "$pid" ]]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
    rm -rf "$prefix"
}
trap cleanup EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat >"$prefix/nginx.conf" <<CONF
daemon off;
master_process off;
worker_processes 1;
pid $prefix/nginx.pid;
error_log $prefix/error.log;
events { worker_connections 256; }
http {
    access_log $prefix/access.log;
    client_body_temp_path $prefix/body;
    proxy_temp_path $prefix/proxy;
    fastcgi_temp_path $prefix/fastcgi;
    uwsgi_temp_path $prefix/uwsgi;
    scgi_temp_path $prefix/scgi;
    keepalive_requests 100000;
    server { listen 127.0.0.1:$port; root $(dirname "$archive"); }
}
CONF
"$nginx" -p "$prefix" -c "$prefix/nginx.conf" -e "$prefix/error.log" &
pid=$!
for _ in $(seq 100); do
    python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 0.1)" 2>/dev/null && break
    sleep 0.05
done
url="http://127.0.0.1:$port/$(basename "$archive")"
out="$prefix/replay.json"
"$bench" replay "$scenario" --source "$url" --speedup "$speedup" --json "$@" >"$out"
python3 - "$out" "$prefix/access.log" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
requests = sum(1 for _ in open(sys.argv[2]))
row = report["methods"][0]
c = report["calibration"]
print(f"{report['scenario']} over {report['source']} at speedup {report['speedup']}, {report['workers']} workers: "
      f"{row['method']} at capacity {row['capacity']}: {row['stalledFrames']} stalled frames of {report['frames']}; "
      f"calibration latency p50 {c.get('latencyP50')} s, p99 {c.get('latencyP99')} s, throughput {c.get('throughput')} "
      f"tiles/s; {requests} HTTP requests in nginx's log")
sys.exit(0 if row["stalledFrames"] == 0 else 1)
PY
