#!/usr/bin/env python3
"""Serves a directory over HTTP on 127.0.0.1 with the MIME types the page needs
(application/wasm, text/javascript for modules), no caching (a rebuilt wasm is always picked
up) and no Content-Encoding, and answers single byte-range requests (`Range: bytes=a-b`,
206 Partial Content) so the page can fetch only the book chunks a position needs.

Every response is sent cross-origin isolated (Cross-Origin-Opener-Policy: same-origin,
Cross-Origin-Embedder-Policy: require-corp): shared WebAssembly memory, and so the solving
worker's threaded wasm, needs it.

Usage: serve.py DIR PORT [-q] [--no-ranges] [--no-isolation] [--damage FILE:START-END]
                [--overlay DIR2]
  PORT 0        any free port; the first line printed names the address
  -q            no request log
  --no-ranges   ignore Range headers and always send the whole file (200), as some servers do
  --no-isolation  no cross-origin isolation headers, as most servers: the page falls back to
                the single-threaded wasm
  --damage      serve FILE (a path under DIR) with every byte in [START, END) inverted: the
                end-to-end tests use it to serve corrupt book chunks
  --overlay     files under DIR2 are served in place of DIR's (the tests add a book and its
                books/index.json entry this way without touching www/)
"""

import argparse
import functools
import http.server
import os
import re

RANGE = re.compile(r"^bytes=(\d*)-(\d*)$")


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".json": "application/json",
        ".svg": "image/svg+xml",
        ".css": "text/css",
        ".html": "text/html; charset=utf-8",
        ".book": "application/octet-stream",
    }
    ranges = True
    isolation = True
    damage = None  # (relative path, start, end)
    overlay = None  # a directory whose files shadow the served directory's
    quiet = False  # no request log (-q)

    def translate_path(self, path):
        served = super().translate_path(path)
        if self.overlay:
            shadow = os.path.join(self.overlay, os.path.relpath(served, self.directory))
            if os.path.isfile(shadow):
                return shadow
        return served

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        if self.isolation:
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def log_message(self, fmt, *args):
        if not self.quiet:
            super().log_message(fmt, *args)

    def do_GET(self):
        path = self.translate_path(self.path)
        if not os.path.isfile(path):
            return super().do_GET()
        with open(path, "rb") as f:
            data = f.read()
        data = self.damaged(path, data)
        status, body, extra = 200, data, {}
        header = self.headers.get("Range")
        if self.ranges and header:
            m = RANGE.match(header.strip())
            if not m or (not m[1] and not m[2]):
                return self.send_error(416, "only one byte range of the form bytes=a-b is served")
            if m[1]:
                start = int(m[1])
                end = min(int(m[2]), len(data) - 1) if m[2] else len(data) - 1
            else:  # bytes=-n: the last n bytes
                start, end = max(0, len(data) - int(m[2])), len(data) - 1
            if start >= len(data) or start > end:
                self.send_response(416)
                self.send_header("Content-Range", f"bytes */{len(data)}")
                self.send_header("Content-Length", "0")
                return self.end_headers()
            status, body = 206, data[start : end + 1]
            extra["Content-Range"] = f"bytes {start}-{end}/{len(data)}"
        self.send_response(status)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Length", str(len(body)))
        if self.ranges:
            self.send_header("Accept-Ranges", "bytes")
        for k, v in extra.items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def damaged(self, path, data):
        if not self.damage:
            return data
        name, start, end = self.damage
        if not path.endswith(os.sep + name.replace("/", os.sep)):
            return data
        data = bytearray(data)
        for i in range(start, min(end, len(data))):
            data[i] ^= 0xFF
        return bytes(data)


def arguments():
    """The command line, read as the usage above says (`--help` prints it; a missing or bad
    argument is named, with the usage, and exit code 2)."""
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("dir", help="the directory to serve")
    parser.add_argument("port", type=int, help="the port; 0: any free one (printed)")
    parser.add_argument("-q", action="store_true", help="no request log")
    parser.add_argument("--no-ranges", action="store_true", help="ignore Range headers (always 200)")
    parser.add_argument("--no-isolation", action="store_true", help="no COOP/COEP headers")
    parser.add_argument("--damage", metavar="FILE:START-END", type=damage, help="serve FILE with bytes [START, END) inverted")
    parser.add_argument("--overlay", metavar="DIR2", help="files under DIR2 are served in place of DIR's")
    return parser.parse_args()


def damage(spec):
    """`--damage FILE:START-END` as (FILE, START, END)."""
    try:
        name, span = spec.rsplit(":", 1)
        start, end = (int(x) for x in span.split("-"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{spec!r} is not FILE:START-END") from None
    return name, start, end


def main():
    args = arguments()
    options = {"ranges": not args.no_ranges, "isolation": not args.no_isolation, "quiet": args.q}
    if args.damage:
        options["damage"] = args.damage
    if args.overlay:
        options["overlay"] = os.path.abspath(args.overlay)
    handler = functools.partial(type("Configured", (Handler,), options), directory=args.dir)
    with http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler) as httpd:
        print(f"serving {args.dir} on http://127.0.0.1:{httpd.server_address[1]}/", flush=True)
        httpd.serve_forever()


if __name__ == "__main__":
    main()
