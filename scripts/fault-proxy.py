#!/usr/bin/env python3
"""A fault-injecting HTTP proxy for StencilKitIO's HTTP tests: it forwards GETs to an upstream server (nginx) and
breaks some of them on purpose. It binds 127.0.0.1 on a free port, prints the port on its first line of standard
output, and exits by itself after --lifetime seconds (the tests also stop it by its PID).

    scripts/fault-proxy.py --upstream 127.0.0.1:8080 --fault 503 --every 3 --limit 4

Request n (1, 2, ... counted over all connections) is faulted when n % EVERY == 0, for at most LIMIT faults:
  none          forward every request unchanged
  503           answer 503 Service Unavailable
  reset         send the headers and 16 bytes of the body, then close the connection with a TCP reset
  stall         send the headers and half the body, wait --stall seconds, then the rest
  truncate      send the headers (the full Content-Length) and half the body, then close
  ignore-range  drop the Range header: the upstream answers 200 with the whole object
  etag          from request EVERY on (LIMIT not used), every ETag is replaced by another and a request whose
                If-Match names the old one is answered 412: the object "changed" mid-read
"""
import argparse
import http.client
import http.server
import os
import socket
import struct
import sys
import threading
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--upstream", required=True, help="HOST:PORT of the server to forward to")
    parser.add_argument("--fault", default="none",
                        choices=["none", "503", "reset", "stall", "truncate", "ignore-range", "etag"])
    parser.add_argument("--every", type=int, default=2)
    parser.add_argument("--limit", type=int, default=1000000)
    parser.add_argument("--stall", type=float, default=3.0, help="seconds a stalled body waits")
    parser.add_argument("--lifetime", type=float, default=120.0, help="seconds before the proxy exits by itself")
    args = parser.parse_args()
    host, port = args.upstream.rsplit(":", 1)
    lock = threading.Lock()
    state = {"count": 0, "faults": 0}

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        timeout = 30  # an idle keep-alive connection is closed after 30 s

        def log_message(self, *a):
            pass

        def do_GET(self):
            with lock:
                state["count"] += 1
                n = state["count"]
                faulted = args.fault != "none" and n % args.every == 0 and state["faults"] < args.limit
                if args.fault == "etag":
                    faulted = n >= args.every
                elif faulted:
                    state["faults"] += 1
            fault = args.fault if faulted else "none"
            if fault == "503":
                body = b"injected 503\n"
                self.send_response(503)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            headers = {}
            for name in ("Range", "If-Match"):
                if self.headers.get(name) is not None and not (name == "Range" and fault == "ignore-range"):
                    headers[name] = self.headers[name]
            if fault == "etag" and "If-Match" in headers:
                del headers["If-Match"]  # judged here, against the replaced ETag
            upstream = http.client.HTTPConnection(host, int(port), timeout=10)
            upstream.request("GET", self.path, headers=headers)
            response = upstream.getresponse()
            body = response.read()
            status = response.status
            out = [(k, v) for k, v in response.getheaders() if k.lower() not in ("connection", "keep-alive")]
            upstream.close()
            if fault == "etag":
                old = response.getheader("ETag")
                new = '"replaced-' + (old or "").strip('"') + '"'
                out = [(k, new if k.lower() == "etag" else v) for k, v in out]
                if self.headers.get("If-Match") is not None and self.headers.get("If-Match") != new:
                    body = b"precondition failed\n"
                    status = 412
                    out = [("Content-Length", str(len(body))), ("ETag", new)]
            self.send_response(status)
            for k, v in out:
                self.send_header(k, v)
            self.end_headers()
            if fault == "reset":
                # Headers and a few bytes, then a TCP reset (a reset before any answer on a reused connection is
                # retried inside libcurl, unseen).
                self.wfile.write(body[:16])
                self.wfile.flush()
                self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                self.close_connection = True
                self.connection.close()
                return
            if fault in ("stall", "truncate"):
                half = len(body) // 2
                self.wfile.write(body[:half])
                self.wfile.flush()
                if fault == "truncate":
                    self.close_connection = True
                    return
                time.sleep(args.stall)
                self.wfile.write(body[half:])
                return
            self.wfile.write(body)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    threading.Timer(args.lifetime, lambda: os._exit(0)).start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
