"""serve --watch under load: the config is a ConfigMap volume (a `..data` symbolic link re-pointed by one rename, as
the kubelet updates it). A good table is applied (its new route answers), a bad one is refused and logged with the
old one still serving, and a client issuing requests the whole time never sees a failure."""

import http.client
import os
import threading
import time

from conftest import DEFAULT_CONFIG, Server

GOOD_ROUTE = """  - name: watched
    path: w/$(id)
    params:
      id: {charset: "a-z", min: 1, max: 8}
    notification: watchedRequested
"""
BAD_ROUTE = """  - name: broken
    path: b/$(id)
"""
TARGETS = ["/c/CH-42", "/.well-known/apple-app-site-association", "/resolve?url=expchg%3A%2F%2Fc%2F7", "/healthz"]


class ConfigMapVolume:
    """A directory as Kubernetes mounts a ConfigMap: deeplinkd.yaml -> ..data/deeplinkd.yaml, ..data -> ..VERSION."""

    def __init__(self, directory, text):
        self.directory = directory
        self.versions = 0
        self.update(text)
        os.symlink("..data/deeplinkd.yaml", directory / "deeplinkd.yaml")

    @property
    def config_path(self):
        return self.directory / "deeplinkd.yaml"

    def update(self, text):
        """Writes `text` into a new version directory, then renames a new ..data link over the old one."""
        self.versions += 1
        version = f"..2026_01_01_00_00_{self.versions:02d}.{os.getpid()}"
        (self.directory / version).mkdir()
        (self.directory / version / "deeplinkd.yaml").write_text(text, encoding="utf-8")
        os.symlink(version, self.directory / "..data_tmp")
        os.rename(self.directory / "..data_tmp", self.directory / "..data")


class Observer:
    """A thread asking for `targets` in turn, each on a new connection, until stopped; keeps what `summary` makes of
    each answer (target, status, body), by target, and the error of a request that got none."""

    def __init__(self, port, targets, summary):
        self.port, self.targets, self.summary = port, targets, summary
        self.seen = {target: [] for target in targets}
        self.running = True
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        index = 0
        while self.running:
            target = self.targets[index % len(self.targets)]
            index += 1
            try:
                status, body = get(self.port, target)
                self.seen[target].append(self.summary(target, status, body))
            except OSError as error:
                self.seen[target].append(repr(error))

    def count(self):
        return sum(len(answers) for answers in self.seen.values())

    def stop(self):
        self.running = False
        self.thread.join(timeout=10)


class Load(Observer):
    """GETs of TARGETS until stopped; every answer that is not 200 is a failure."""

    def __init__(self, port):
        super().__init__(port, TARGETS, lambda target, status, body: status)

    @property
    def answered(self):
        return self.count()

    @property
    def failures(self):
        return [f"{target}: {status}" for target, answers in self.seen.items() for status in answers if status != 200]


def get(port, target):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", target, headers={"Host": "links.example.com"})
        answer = connection.getresponse()
        return answer.status, answer.read()
    finally:
        connection.close()


def wait_for(condition, seconds=15):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def test_a_configmap_swap_is_applied_and_a_bad_one_refused_under_load(binary, tmp_path):
    original = DEFAULT_CONFIG.read_text(encoding="utf-8")
    volume_directory = tmp_path / "volume"
    volume_directory.mkdir()
    volume = ConfigMapVolume(volume_directory, original)
    server = Server(binary, ["--config", str(volume.config_path), "--watch"], tmp_path / "server.log")
    load = None
    try:
        load = Load(server.port)
        assert wait_for(lambda: load.answered > 20)
        assert get(server.port, "/link?route=watched&id=abc")[0] == 400

        volume.update(original + GOOD_ROUTE)
        assert wait_for(lambda: get(server.port, "/link?route=watched&id=abc")[0] == 200), server.log_text()[-2000:]
        assert b"https://links.example.com/w/abc" in get(server.port, "/link?route=watched&id=abc")[1]

        volume.update(original + GOOD_ROUTE + BAD_ROUTE)
        rejected = lambda: [e for e in server.log_entries() if e.get("message", "").startswith("reload rejected")]
        assert wait_for(rejected), server.log_text()[-2000:]
        assert "route 'broken': path parameter 'id' has no entry in params" in rejected()[0]["problems"]
        # The table applied before is still the one served.
        assert get(server.port, "/link?route=watched&id=abc")[0] == 200
        served_before_stop = load.answered
        assert wait_for(lambda: load.answered > served_before_stop + 20)
    finally:
        if load:
            load.stop()
        status = server.stop()

    assert status == 0, server.log_text()[-2000:]
    assert load.failures == [], load.failures[:10]
    messages = [entry.get("message") for entry in server.log_entries()]
    assert messages.count("changed on disk; reloading") == 2, messages
    assert messages.count("reloaded") == 1, messages
    assert load.answered > 50
    print(f"answered {load.answered} requests, 0 failed")
