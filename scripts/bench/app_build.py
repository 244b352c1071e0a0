"""The app side's build: the Swift `deeplinkd generate swift` writes for each table, compiled as an app's release build
compiles it (`swiftc -O`, whole module, Swift 6 with the package's upcoming features) against DeepLinkRouting and
DeepLinkBytes compiled the same way, with the driver of Benchmarks/AppParse (and for the default table the hand-written
reference), and the malloc counter that is preloaded into it. Everything goes under .build/app-bench, and a module
whose sources and flags have not changed is not compiled again."""

import hashlib
import os
import shutil
import subprocess

from bench import REPOSITORY, log

SOURCES = os.path.join(REPOSITORY, "Benchmarks", "AppParse")
BUILD = os.path.join(REPOSITORY, ".build", "app-bench")
# As Package.swift builds DeepLinkRouting and DeepLinkBytes, and as an app in Swift 6 mode builds its own code.
SWIFT_FLAGS = ["-O", "-wmo", "-swift-version", "6", "-enable-upcoming-feature", "ExistentialAny",
               "-enable-upcoming-feature", "MemberImportVisibility", "-enable-upcoming-feature",
               "InternalImportsByDefault"]
COMPILE_TIMEOUT = 1800


def swift_files(folder):
    found = []
    for root, _, names in os.walk(folder):
        found += [os.path.join(root, name) for name in names if name.endswith(".swift")]
    return sorted(found)


def fingerprint(paths, command):
    digest = hashlib.sha256(" ".join(command).encode())
    for path in paths:
        with open(path, "rb") as file:
            digest.update(path.encode() + b"\0" + file.read())
    return digest.hexdigest()


def run_cached(command, inputs, output, stamp):
    """Runs `command` unless `output` exists and `stamp` holds the fingerprint of `inputs` and `command`."""
    key = fingerprint(inputs, command)
    if os.path.exists(output) and os.path.exists(stamp):
        with open(stamp) as file:
            if file.read() == key:
                return
    completed = subprocess.run(command, capture_output=True, text=True, timeout=COMPILE_TIMEOUT, cwd=REPOSITORY)
    if completed.returncode != 0:
        raise RuntimeError(f"`{' '.join(command[:2])} ... {os.path.basename(output)}` failed: "
                           + (completed.stderr or completed.stdout).strip()[-800:])
    with open(stamp, "w") as file:
        file.write(key)


def module(name, sources, directory, search=(), library=True, package=None):
    """Compiles `sources` as module `name` (of `package`, for its `package` symbols) into `directory` (its
    .swiftmodule and one object file); the object."""
    os.makedirs(directory, exist_ok=True)
    objects = os.path.join(directory, f"{name}.o")
    command = ["swiftc", *SWIFT_FLAGS, "-module-name", name, "-c", *sources, "-o", objects]
    if package:
        command += ["-package-name", package]
    for folder in search:
        command += ["-I", folder]
    if library:
        command += ["-parse-as-library", "-emit-module", "-emit-module-path", os.path.join(directory, f"{name}.swiftmodule")]
    dependencies = [os.path.join(folder, entry) for folder in search for entry in sorted(os.listdir(folder))
                    if entry.endswith(".swiftmodule")]
    run_cached(command, sources + dependencies, objects, objects + ".stamp")
    return objects


def routing_modules():
    """DeepLinkBytes and DeepLinkRouting, release-compiled into .build/app-bench/lib; their objects."""
    directory = os.path.join(BUILD, "lib")
    return [module("DeepLinkBytes", swift_files(os.path.join(REPOSITORY, "Sources", "DeepLinkBytes")), directory,
                   package="deeplinkd"),
            module("DeepLinkRouting", swift_files(os.path.join(REPOSITORY, "Sources", "DeepLinkRouting")), directory,
                   [directory], package="deeplinkd")]


def driver(binary, name, config, with_reference, library_objects):
    """The driver for the table at `config`, built in .build/app-bench/NAME; its path."""
    directory = os.path.join(BUILD, name)
    os.makedirs(directory, exist_ok=True)
    generated = os.path.join(directory, "DeepLinkRoutes.swift")
    result = subprocess.run([binary, "generate", "swift", "--config", config, "--access-modifier", "public",
                             "--output", generated + ".new"], capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        raise RuntimeError(f"generate swift of {name} failed: {result.stderr.strip()[-500:]}")
    replace_if_changed(generated + ".new", generated)
    lib = os.path.join(BUILD, "lib")
    objects = library_objects + [module("AppRoutes", [generated], directory, [lib])]
    if with_reference:
        objects.append(module("HandWrittenRoutes", swift_files(os.path.join(SOURCES, "HandWritten")), directory,
                              [lib, directory]))
    executable = os.path.join(directory, "app-parse")
    driver_sources = swift_files(os.path.join(SOURCES, "Driver"))
    driver_object = module("AppParse", driver_sources, os.path.join(directory, "driver"), [lib, directory],
                           library=False)
    command = ["swiftc", "-O", *objects, driver_object, "-o", executable]
    run_cached(command, objects + [driver_object], executable, executable + ".stamp")
    return executable


def replace_if_changed(new, path):
    """Moves `new` to `path` unless `path` already holds the same bytes (so its module is not compiled again)."""
    if os.path.exists(path):
        with open(new, "rb") as fresh, open(path, "rb") as old:
            if fresh.read() == old.read():
                os.remove(new)
                return
    os.replace(new, path)


def malloc_counter():
    """The LD_PRELOAD library counting malloc-family calls, built from Benchmarks/AppParse/malloc-counter.c."""
    source = os.path.join(SOURCES, "malloc-counter.c")
    library = os.path.join(BUILD, "malloc-counter.so")
    os.makedirs(BUILD, exist_ok=True)
    compiler = shutil.which("cc") or "cc"
    command = [compiler, "-shared", "-fPIC", "-O2", "-o", library, source]
    run_cached(command, [source], library, library + ".stamp")
    return library


def build(binary, tables):
    """{table name: driver path} for `tables` ({name: (config path, with the reference)}), and the counter."""
    log("app side: compiling DeepLinkRouting and each table's generated Swift with swiftc -O, whole module")
    library_objects = routing_modules()
    drivers = {name: driver(binary, name, config, with_reference, library_objects)
               for name, (config, with_reference) in tables.items()}
    return drivers, malloc_counter()
