#!/usr/bin/env python3
"""Writes mk/symbol-order.txt: the functions `deeplinkd serve` runs, hottest first, for the release link.

The release build puts every function in a section of its own (mk/release-toolset.json) and lld lays out the
sections these names are in first, in this order, so the code the server runs shares a few hundred pages instead
of being spread over the 16 MB of the executable's code. That is 2 MiB less resident memory at start-up (each
page fault maps the 64 KiB around it) and hot code that is close together.

How: the release binary, its debug sections stripped (valgrind 3.19 cannot read lld's DWARF 5), runs under
callgrind while it starts, answers every endpoint with GET and HEAD, a POST /resolve, a few hundred keep-alive
requests of the common kinds, and stops on SIGTERM. Every function of the executable that ran is listed, by the
instructions it executed, most first.

Run it after changes to the serving path (`make symbol-order`, about a minute after the build); a name that no
longer exists is ignored by the linker, so an old list only costs memory. The list changes nothing but layout.

Usage: scripts/symbol-order.py [--binary .build/release/deeplinkd] [--output mk/symbol-order.txt]
"""

import argparse
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOST = "links.example.com"
# Every endpoint of the default config, with values that reach each answer shape (matched, refused, secret, error).
TARGETS = [
    "/.well-known/apple-app-site-association", "/apple-app-site-association", "/c/CH-42", "/c/CH-43?ref=x",
    "/u/abcdef", "/m/abcdefghijklmnopqrstu", "/auth/callback?code=abc", "/c/not%20valid", "/nothing/x",
    "/resolve?url=https%3A%2F%2Flinks.example.com%2Fc%2FCH-42",
    "/resolve?url=https%3A%2F%2Flinks.example.com%2Fnothing",
    "/resolve?url=expchg%3A%2F%2Fc%2F42&state=ready", "/resolve?url=x%ZZ", "/resolve",
    "/link?route=charger&id=7", "/link?route=charger&id=a%2Fb", "/metrics", "/healthz", "/static/deeplinkd.css",
    "/openapi.yaml",
]
# The requests sent again and again on one keep-alive connection, as a server under load sees them.
REPEATED = [
    "/.well-known/apple-app-site-association", "/c/CH-42", "/resolve?url=https%3A%2F%2Flinks.example.com%2Fnothing",
    "/resolve?url=https%3A%2F%2Flinks.example.com%2Fc%2FCH-42", "/c/B{:05d}",
]
REPEAT_COUNT = 600


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def request(port, method, target, body=None, headers=None):
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    message = urllib.request.Request(f"http://127.0.0.1:{port}{target}", data=body, method=method,
                                     headers={"Host": HOST, **(headers or {})})
    try:
        with opener.open(message, timeout=30) as response:
            response.read()
    except urllib.error.HTTPError as error:
        error.read()


def keep_alive_requests(port, count):
    """`count` requests of REPEATED, in turn, on one connection, each read whole before the next is sent."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        pending = b""
        for number in range(count):
            target = REPEATED[number % len(REPEATED)].format(number)
            connection.sendall(f"GET {target} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
            while True:
                head, separator, rest = pending.partition(b"\r\n\r\n")
                if separator:
                    length = int(re.search(rb"(?im)^content-length:\s*(\d+)", head).group(1))
                    if len(rest) >= length:
                        pending = rest[length:]
                        break
                chunk = connection.recv(65536)
                if not chunk:
                    raise RuntimeError(f"the server closed the connection after {number} requests")
                pending += chunk


def profile(binary, directory):
    """Runs the server under callgrind through the requests above; returns the profile's path."""
    stripped = os.path.join(directory, "deeplinkd")
    subprocess.run(["objcopy", "--strip-debug", binary, stripped], check=True)
    output = os.path.join(directory, "callgrind.out")
    port = free_port()
    command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={output}", "--dump-instr=no",
               "--compress-strings=no", "--compress-pos=no", "--demangle=no", stripped, "serve", "--port", str(port),
               "--config", os.path.join(REPOSITORY, "config/deeplinkd.yaml"),
               "--public", os.path.join(REPOSITORY, "Public"), "--per-ip-limit", "0"]
    with open(os.path.join(directory, "server.log"), "w") as log:
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log)
        try:
            deadline = time.monotonic() + 120
            while True:
                try:
                    request(port, "GET", "/healthz")
                    break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError("the server did not start under valgrind; see " + log.name)
                    time.sleep(0.2)
            for target in TARGETS:
                request(port, "GET", target)
                request(port, "HEAD", target)
            request(port, "POST", "/resolve", b'{"urls": ["https://links.example.com/c/1", "expchg://c/2"]}',
                    {"Content-Type": "application/json"})
            keep_alive_requests(port, REPEAT_COUNT)
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=120)
    return output


def executed_functions(profile_path, binary_name):
    """The functions of the executable in the profile, with the instructions each executed itself, most first."""
    costs = {}
    is_ours = False
    function = None
    is_call_cost = False
    with open(profile_path, errors="replace") as profile_file:
        for line in profile_file:
            if line.startswith("ob="):
                is_ours = os.path.basename(line[3:].strip()) == binary_name
            elif line.startswith("fn="):
                # callgrind marks recursion levels with 'N; the symbol is the part before.
                function = re.sub(r"'\d+$", "", line[3:].strip()) if is_ours else None
                if function is not None:
                    costs.setdefault(function, 0)
            elif line.startswith("calls="):
                is_call_cost = True
            elif line[:1].isdigit() or line[:1] in "+-*":
                if function is not None and not is_call_cost:
                    fields = line.split()
                    costs[function] += int(fields[1]) if len(fields) > 1 else 0
                is_call_cost = False
    named = {name: cost for name, cost in costs.items() if not name.startswith("0x") and name != "(below main)"}
    return sorted(named, key=lambda name: (-named[name], name))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=os.path.join(REPOSITORY, ".build/release/deeplinkd"))
    parser.add_argument("--output", default=os.path.join(REPOSITORY, "mk/symbol-order.txt"))
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="deeplinkd-symbol-order-") as directory:
        functions = executed_functions(profile(arguments.binary, directory), "deeplinkd")
    if len(functions) < 500:
        print(f"symbol-order: only {len(functions)} functions ran; the profile is incomplete", file=sys.stderr)
        return 1
    with open(arguments.output, "w") as output:
        output.write("# Written by scripts/symbol-order.py (make symbol-order): the functions `deeplinkd serve` runs,\n"
                     "# hottest first. lld lays these out first in the release build (mk/release-toolset.json).\n")
        output.write("".join(name + "\n" for name in functions))
    print(f"symbol-order: {len(functions)} functions written to {os.path.relpath(arguments.output, REPOSITORY)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
