"""The release link takes GCC's libstdc++.a when there is one (`mk/static-libstdc++.sh`, run by `make release`), and
builds as before, with libstdc++.so, when there is none or no compiler to ask: `make run` must work either way."""

import os
import subprocess

import pytest

from conftest import ROOT

SCRIPT = ROOT / "mk" / "static-libstdc++.sh"


def run_script(directory, compiler):
    environment = dict(os.environ)
    if compiler is None:
        environment.pop("CC", None)
    else:
        environment["CC"] = compiler
    return subprocess.run(["sh", str(SCRIPT), str(directory)], env=environment, capture_output=True, text=True, timeout=30)


@pytest.mark.parametrize("compiler", ["false", "no-such-compiler-here"])
def test_without_an_archive_the_link_stays_dynamic(tmp_path, compiler):
    stale = tmp_path / "libstdc++.a"
    tmp_path.mkdir(exist_ok=True)
    stale.symlink_to("/nonexistent/libstdc++.a")
    done = run_script(tmp_path, compiler)
    assert done.returncode == 0, done.stderr
    assert f"{compiler} found no libstdc++.a" in done.stderr
    assert "links libstdc++.so instead" in done.stderr
    assert not os.path.lexists(stale), "a stale archive link would still be searched first"


def test_with_the_toolchain_the_archive_is_linked_into_the_directory(tmp_path):
    done = run_script(tmp_path / "static", None)
    if "found no libstdc++.a" in done.stderr:
        pytest.skip("this machine's clang knows no libstdc++.a")
    assert done.returncode == 0, done.stderr
    link = tmp_path / "static" / "libstdc++.a"
    assert link.is_symlink()
    target = os.path.realpath(link)
    assert target.endswith("libstdc++.a") and os.path.isfile(target)
