"""The machine and the versions of what is measured, for the report's first section."""

import os
import platform
import re
import subprocess

from bench import REPOSITORY


def command_output(command):
    try:
        completed = subprocess.run(command, capture_output=True, text=True, timeout=60, cwd=REPOSITORY)
        return (completed.stdout + completed.stderr).strip()
    except (OSError, subprocess.TimeoutExpired):
        return ""


def versions(binary):
    commit = command_output(["git", "rev-parse", "--short", "HEAD"]) or "unknown"
    if command_output(["git", "status", "--porcelain", "--", "Sources", "Package.swift", "Public", "config"]):
        commit += " plus uncommitted changes in the working tree"
    wrk_version = re.search(r"wrk (\S+)", command_output(["wrk", "-v"]))
    nginx_version = re.search(r"nginx/(\S+)", command_output(["nginx", "-v"]))
    swift_version = re.search(r"Swift version (\S+)", command_output(["swift", "--version"]))
    gnutls_version = re.search(r"gnutls-serv (\S+)", command_output(["gnutls-serv", "--version"]))
    return {
        "deeplinkd": f"{commit} (`{os.path.relpath(binary, REPOSITORY)}`, release, static Swift runtime)",
        "Swift": swift_version.group(1) if swift_version else "unknown",
        "libmicrohttpd": command_output(["dpkg-query", "-W", "-f", "${Version}", "libmicrohttpd12"]) or "unknown",
        "GnuTLS": gnutls_version.group(1) if gnutls_version else "unknown",
        "nginx": nginx_version.group(1) if nginx_version else "unknown",
        "wrk": wrk_version.group(1) if wrk_version else "unknown",
        "Python": platform.python_version(),
    }


def machine():
    model = "unknown CPU"
    with open("/proc/cpuinfo") as cpuinfo:
        for line in cpuinfo:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo") as meminfo:
        kilobytes = int(re.search(r"MemTotal:\s+(\d+)", meminfo.read()).group(1))
    return f"{os.cpu_count()} cores ({model}), {kilobytes / 1024 / 1024:.1f} GiB RAM, Linux {platform.release()}"
