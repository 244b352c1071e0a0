"""The command-line tools' output, as a shell hands it to them: standard output full (/dev/full), closed (`>&-`) or a
pipe nobody reads; `--output` naming a device, a FIFO, `/dev/stdout`, a link to `/proc/self/fd/1`, a link to a file,
a file that cannot be written whole. Every write error is one line on standard error and exit status 1 (never the
SIGILL of a trapping write, exit 132); what `--output` names is written into, never replaced, and a regular file is
replaced atomically or not at all.
"""

import os
import resource
import signal
import stat
import subprocess
import threading
from pathlib import Path

import pytest

from conftest import ROOT

# One invocation of each command that writes to standard output, with the default table.
COMMANDS = {
    "aasa": ["aasa"],
    "resolve": ["resolve", "https://links.example.com/c/CH-42"],
    "link": ["link", "charger", "id=CH-42"],
    "check": ["check"],
    "generate swift": ["generate", "swift"],
    "qr": ["qr", "charger", "id=CH-42"],
    "init": ["init", "--output", "/dev/stdout"],
    "doctor": ["doctor", "https://links.example.com", "--connect-to", "127.0.0.1:9"],
    "--help": ["--help"],
    "qr --help": ["qr", "--help"],
}
# The commands that take --output FILE, with the arguments that give their output.
OUTPUT_COMMANDS = {
    "generate swift": ["generate", "swift"],
    "qr": ["qr", "charger", "id=CH-42", "--format", "png"],
    "init": ["init"],
}


def run(binary, arguments, **options):
    options.setdefault("stdout", subprocess.PIPE)
    return subprocess.run([str(binary), *arguments], cwd=ROOT, stderr=subprocess.PIPE, timeout=60, **options)


def expected_output(binary, command):
    """What the command writes to standard output when nothing goes wrong."""
    arguments = OUTPUT_COMMANDS[command] + (["--output", "/dev/stdout"] if command == "init" else [])
    result = run(binary, arguments)
    assert result.returncode == 0, result.stderr
    return result.stdout


def output_arguments(command, path):
    return OUTPUT_COMMANDS[command] + ["--output", str(path)]


def limit_file_size(size):
    """For preexec_fn: files may grow to `size` bytes; past it a write fails with EFBIG (SIGXFSZ ignored)."""
    def apply():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    return apply


# What a tool that renames a temporary file over its output would turn into a regular file when run as root (an
# earlier deeplinkd did, to /dev/full and /dev/stdout): each test checks them after it ran, and puts them back.
SYSTEM_PATHS = {"/dev/full": (1, 7), "/dev/null": (1, 3), "/dev/stdout": "/proc/self/fd/1"}


@pytest.fixture(autouse=True)
def system_paths_kept():
    yield
    damaged = []
    for path, original in SYSTEM_PATHS.items():
        mode = os.lstat(path).st_mode
        if stat.S_ISLNK(mode) if isinstance(original, str) else stat.S_ISCHR(mode):
            continue
        damaged.append(path)
        if os.geteuid() == 0:
            os.remove(path)
            if isinstance(original, str):
                os.symlink(original, path)
            else:
                os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(*original))
                os.chmod(path, 0o666)
    assert not damaged, f"a command replaced {damaged} (put back)"


def device(tmp_path, name):
    """A character device like /dev/NAME, made in `tmp_path` when this process may (root, a file system that allows
    devices), so a command that replaced it would replace only the test's own node; else /dev/NAME itself."""
    node = tmp_path / name
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(*SYSTEM_PATHS[f"/dev/{name}"]))
        os.close(os.open(node, os.O_WRONLY))
        return node
    except OSError:
        return Path(f"/dev/{name}")


@pytest.fixture(params=sorted(COMMANDS), ids=lambda name: name.replace(" ", "-"))
def command(request):
    return COMMANDS[request.param]


def stdout_message(command, reason):
    place = "/dev/stdout" if command[0] == "init" else "to standard output"
    return f"deeplinkd: cannot write {place}: {reason}\n".encode()


def test_full_standard_output_is_an_error_not_a_crash(binary, command):
    with open("/dev/full", "wb") as full:
        result = run(binary, command, stdout=full)
    assert result.returncode == 1, result
    assert result.stderr == stdout_message(command, "No space left on device")


def test_closed_standard_output_is_an_error_not_a_crash(binary, command):
    result = run(binary, command, stdout=None, preexec_fn=lambda: os.close(1))
    assert result.returncode == 1, result
    assert result.stderr == stdout_message(command, "Bad file descriptor")


def test_a_pipe_nobody_reads_is_an_error_not_a_signal(binary, command):
    reading, writing = os.pipe()
    os.close(reading)
    try:
        result = run(binary, command, stdout=writing)
    finally:
        os.close(writing)
    assert result.returncode == 1, result
    assert result.stderr == stdout_message(command, "Broken pipe")


def test_a_full_standard_error_loses_the_message_but_not_the_status(binary):
    with open("/dev/full", "wb") as full:
        result = subprocess.run([str(binary), "link", "nope"], cwd=ROOT, stdout=subprocess.PIPE, stderr=full, timeout=60)
    assert result.returncode == 1
    assert result.stdout == b""


@pytest.mark.parametrize("name", sorted(OUTPUT_COMMANDS))
def test_output_to_a_device_writes_into_it(binary, name, tmp_path):
    full = device(tmp_path, "full")
    result = run(binary, output_arguments(name, full))
    assert result.returncode == 1
    assert result.stderr == f"deeplinkd: cannot write {full}: No space left on device\n".encode()
    assert stat.S_ISCHR(os.lstat(full).st_mode)
    null = device(tmp_path, "null")
    assert run(binary, output_arguments(name, null)).returncode == 0
    assert stat.S_ISCHR(os.lstat(null).st_mode)


@pytest.mark.parametrize("name", sorted(OUTPUT_COMMANDS))
def test_output_to_a_fifo_reaches_its_reader(binary, name, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received = []
    # A daemon: when the FIFO is replaced instead of written, its reader waits forever.
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    result = run(binary, output_arguments(name, fifo))
    reader.join(30)
    assert result.returncode == 0, result.stderr
    assert received == [expected_output(binary, name)]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.parametrize("name", sorted(OUTPUT_COMMANDS))
def test_output_to_dev_stdout_and_a_link_to_proc_self_fd_1(binary, name, tmp_path):
    link = tmp_path / "out"
    link.symlink_to("/proc/self/fd/1")
    for target in ["/dev/stdout", str(link)]:
        result = run(binary, output_arguments(name, target))
        assert result.returncode == 0, result.stderr
        assert result.stdout.startswith(expected_output(binary, name))
    assert os.readlink(link) == "/proc/self/fd/1"


def test_output_to_dev_null_with_standard_output_closed(binary, tmp_path):
    # The closed standard output is reopened on /dev/null for reading only: --output /dev/null opens its own.
    null = device(tmp_path, "null")
    result = run(binary, output_arguments("generate swift", null), stdout=None, preexec_fn=lambda: os.close(1))
    assert result.returncode == 0, result.stderr


def test_output_to_dev_stdout_appends_when_the_shell_appends(binary, tmp_path):
    log = tmp_path / "log"
    log.write_bytes(b"earlier lines\n")
    with open(log, "ab") as appended:
        result = run(binary, output_arguments("generate swift", "/dev/stdout"), stdout=appended)
    assert result.returncode == 0, result.stderr
    assert log.read_bytes() == b"earlier lines\n" + expected_output(binary, "generate swift")


@pytest.mark.parametrize("name", ["generate swift", "qr"])
def test_a_regular_file_is_replaced_atomically_keeping_its_mode(binary, name, tmp_path):
    path = tmp_path / "out"
    path.write_bytes(b"old")
    path.chmod(0o640)
    before = os.stat(path)
    result = run(binary, output_arguments(name, path))
    assert result.returncode == 0, result.stderr
    assert path.read_bytes() == expected_output(binary, name)
    after = os.stat(path)
    assert after.st_ino != before.st_ino, "written in place instead of renamed over"
    assert stat.S_IMODE(after.st_mode) == 0o640
    assert sorted(entry.name for entry in tmp_path.iterdir()) == ["out"]


@pytest.mark.parametrize("name", ["generate swift", "qr"])
def test_a_link_to_a_file_stays_a_link(binary, name, tmp_path):
    (tmp_path / "real").write_bytes(b"old")
    link = tmp_path / "link"
    link.symlink_to("real")
    result = run(binary, output_arguments(name, link))
    assert result.returncode == 0, result.stderr
    assert os.readlink(link) == "real"
    assert (tmp_path / "real").read_bytes() == expected_output(binary, name)


@pytest.mark.parametrize("name", ["generate swift", "qr"])
def test_a_failed_write_leaves_the_old_file_whole_and_no_temporary_file(binary, name, tmp_path):
    path = tmp_path / "good"
    good = expected_output(binary, name)
    path.write_bytes(good)
    # Another intent, so the output differs; every byte past the first 100 fails with EFBIG.
    arguments = [argument.replace("CH-42", "CH-43") for argument in output_arguments(name, path)]
    if name == "generate swift":
        arguments += ["--config", str(ROOT / "Tests/DeepLinkAASATests/Golden/appclip.yaml")]
    result = run(binary, arguments, preexec_fn=limit_file_size(100))
    assert result.returncode == 1
    assert result.stderr == f"deeplinkd: cannot write {path}: File too large\n".encode()
    assert path.read_bytes() == good
    assert sorted(entry.name for entry in tmp_path.iterdir()) == ["good"]


def test_output_to_a_directory_is_refused(binary, tmp_path):
    result = run(binary, output_arguments("generate swift", tmp_path))
    assert result.returncode == 1
    assert result.stderr == f"deeplinkd: cannot write {tmp_path}: it is a directory\n".encode()
