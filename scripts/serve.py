#!/usr/bin/env python3
"""Serves a directory over HTTP on 127.0.0.1 with the MIME types the page needs
(application/wasm, text/javascript for modules) and no caching, so a rebuilt wasm is
always picked up. Usage: serve.py DIR PORT (PORT 0: any free port; the first line printed
names the address)."""

import functools
import http.server
import sys


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

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, fmt, *args):
        if "-q" not in sys.argv:
            super().log_message(fmt, *args)


def main():
    directory, port = sys.argv[1], int(sys.argv[2])
    handler = functools.partial(Handler, directory=directory)
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as httpd:
        print(f"serving {directory} on http://127.0.0.1:{httpd.server_address[1]}/", flush=True)
        httpd.serve_forever()


if __name__ == "__main__":
    main()
