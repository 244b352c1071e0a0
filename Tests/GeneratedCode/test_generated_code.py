"""The generated Swift compiles, with no warning under -warnings-as-errors, in every setting an app builds with: Swift 5
and 6 modes, InternalImportsByDefault + MemberImportVisibility + ExistentialAny, default MainActor isolation with
NonisolatedNonsendingByDefault and InferIsolatedConformances; with its API public and used from a module of its own,
or internal and used from the same module; for the default table and the every-shape table, and under another type
name. The caller (Fixtures/Caller.swift) uses every member from nonisolated, main-actor and detached-task code, so the
API stays callable from any isolation."""

import pytest

from conftest import DEFAULT_TABLE, EVERY_SHAPE_TABLE, MODES, caller_source, compile_module, generate

TABLES = {"default": DEFAULT_TABLE, "every-shape": EVERY_SHAPE_TABLE}


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("table", TABLES)
def test_public_api_compiles_and_is_used_from_another_module(workspace, table, mode):
    generated = workspace / "DeepLink.swift"
    generate(TABLES[table], generated, "--access-modifier", "public")
    assert compile_module([generated], workspace, mode) == []
    caller = workspace / "Caller.swift"
    caller.write_text(caller_source())
    assert compile_module([caller], workspace / "caller", mode, module="Caller", emit_module=False, extra=["-I", workspace]) == []


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("table", TABLES)
def test_internal_api_compiles_and_is_used_from_the_same_module(workspace, table, mode):
    generated = workspace / "DeepLink.swift"
    generate(TABLES[table], generated)
    caller = workspace / "Caller.swift"
    caller.write_text(caller_source(same_module=True))
    assert compile_module([generated, caller], workspace, mode, module="App") == []


@pytest.mark.parametrize("mode", ["swift5", "main-actor"])
def test_another_type_name_from_the_options_file_compiles(workspace, mode):
    table = workspace / "deeplinkd.yaml"
    table.write_text(DEFAULT_TABLE.read_text())
    (workspace / "deeplinkd-generator.yaml").write_text("accessModifier: public\ntypeName: ExpresScanLink\n")
    generated = workspace / "ExpresScanLink.swift"
    generate(table, generated)
    source = generated.read_text()
    assert "    nonisolated public enum ExpresScanLink: Hashable, Sendable, Codable," in source
    assert "enum DeepLink" not in source
    assert compile_module([generated], workspace / "module", mode) == []
    caller = workspace / "Caller.swift"
    caller.write_text(caller_source("ExpresScanLink"))
    assert compile_module([caller], workspace / "caller", mode, module="Caller", emit_module=False, extra=["-I", workspace / "module"]) == []
