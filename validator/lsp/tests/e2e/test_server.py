"""berthier-lsp, driven by pytest-lsp: diagnostics, hover, completion."""

import asyncio
import pathlib

from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import validate_json

SCENARIO = "mini.scenario.ron"
SEVERITY = {
    types.DiagnosticSeverity.Error: "error",
    types.DiagnosticSeverity.Warning: "warning",
    types.DiagnosticSeverity.Information: "info",
}


def open_document(client: LanguageClient, path: pathlib.Path, text=None):
    text = path.read_text() if text is None else text
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=path.as_uri(), language_id="ron", version=1, text=text
            )
        )
    )


def change_document(client, path: pathlib.Path, text: str, version: int):
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(
                uri=path.as_uri(), version=version
            ),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


async def diagnostics_for(client, path: pathlib.Path, until=None, timeout=60):
    """The diagnostics published for `path`: the first list published,
    or the first for which `until(list)` holds."""
    uri = path.as_uri()

    async def wait():
        while True:
            published = client.diagnostics.get(uri)
            if published is not None and (until is None or until(published)):
                return published
            # Polled: the notification's future may resolve before the
            # client's handler has stored the list.
            await asyncio.sleep(0.02)

    return await asyncio.wait_for(wait(), timeout)


def has_code(code):
    return lambda published: any(d.code == code for d in published)


def as_cli(diagnostic: types.Diagnostic) -> tuple:
    """A published diagnostic in `--format json`'s terms (the mini pack
    is ASCII: a UTF-16 column is a character column)."""
    start = diagnostic.range.start
    message = diagnostic.message.split("\nhelp: ")[0]
    return (
        diagnostic.code,
        SEVERITY[diagnostic.severity],
        start.line + 1,
        start.character + 1,
        message,
    )


def cli_findings(root: pathlib.Path, file: str) -> list[tuple]:
    return sorted(
        (d["code"], d["severity"], d["line"], d["column"], d["message"])
        for d in validate_json(root)
        if d["file"] == file
    )


def with_unknown_unit(text: str) -> str:
    edited = text.replace('(unit: "b2", hex: "0202"', '(unit: "b9", hex: "0202"')
    assert edited != text
    return edited


async def test_a_scenario_with_an_error_gets_the_validators_findings(
    client: LanguageClient, pack: pathlib.Path
):
    scenario = pack / SCENARIO
    scenario.write_text(with_unknown_unit(scenario.read_text()))
    open_document(client, scenario)
    published = await diagnostics_for(client, scenario)
    expected = cli_findings(pack, SCENARIO)
    assert any(code == "REF004" for code, *_ in expected)
    assert sorted(as_cli(d) for d in published) == expected, [(d.code, d.range.start) for d in published]
    unknown = next(d for d in published if d.code == "REF004")
    assert unknown.source == "berthier-validate"
    href = unknown.code_description.href
    assert href.startswith("https://") and href.endswith("/REF004.md"), href
    # The range covers the id as written, quotes included.
    assert unknown.range.end.character - unknown.range.start.character == 4


async def test_an_unsaved_edit_is_checked_as_the_saved_file_would_be(
    client: LanguageClient, pack: pathlib.Path
):
    scenario = pack / SCENARIO
    clean = scenario.read_text()
    open_document(client, scenario)
    before = await diagnostics_for(client, scenario)
    assert not has_code("REF004")(before)
    change_document(client, scenario, with_unknown_unit(clean), version=2)
    after = await diagnostics_for(client, scenario, until=has_code("REF004"))
    # Only now saved: the command line reads the file.
    scenario.write_text(with_unknown_unit(clean))
    assert sorted(as_cli(d) for d in after) == cli_findings(pack, SCENARIO)


async def test_an_edit_to_the_counters_rechecks_the_scenario_using_them(
    client: LanguageClient, pack: pathlib.Path
):
    scenario, counters = pack / SCENARIO, pack / "mini.counters.ron"
    open_document(client, scenario)
    await diagnostics_for(client, scenario)
    text = counters.read_text()
    renamed = text.replace('id: "b2"', 'id: "b2-renamed"')
    assert renamed != text
    open_document(client, counters, renamed)

    # b2 is no longer in the counters the scenario sets it up from.
    await diagnostics_for(client, scenario, until=has_code("REF004"))


async def test_hover_explains_a_finding_and_describes_a_unit(
    client: LanguageClient, pack: pathlib.Path
):
    scenario = pack / SCENARIO
    scenario.write_text(with_unknown_unit(scenario.read_text()))
    open_document(client, scenario)
    published = await diagnostics_for(client, scenario)
    unknown = next(d for d in published if d.code == "REF004")
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=scenario.as_uri()),
            position=unknown.range.start,
        )
    )
    assert hover.contents.value.startswith("REF004 (error)")
    assert "## What it does" in hover.contents.value

    lines = scenario.read_text().splitlines()
    line = next(i for i, l in enumerate(lines) if '(unit: "b1"' in l)
    column = lines[line].index('"b1"') + 1
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=scenario.as_uri()),
            position=types.Position(line=line, character=column),
        )
    )
    shown = hover.contents.value
    assert "**1st Line** (`b1`)" in shown, shown
    assert "class: " in shown and "formation: " in shown, shown


async def test_a_unit_id_is_completed_with_the_units_name(
    client: LanguageClient, pack: pathlib.Path
):
    scenario = pack / SCENARIO
    text = scenario.read_text().replace(
        '(unit: "blue-general", hex: "0202")', '(unit: "b", hex: "0202")'
    )
    open_document(client, scenario, text)
    lines = text.splitlines()
    line = next(i for i, l in enumerate(lines) if '(unit: "b",' in l)
    column = lines[line].index('"b"') + 2
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=scenario.as_uri()),
            position=types.Position(line=line, character=column),
        )
    )
    items = result if isinstance(result, list) else result.items
    by_label = {i.label: i for i in items}
    assert {"b1", "b2", "blue-general"} <= set(by_label), sorted(by_label)
    assert by_label["b1"].detail.startswith("1st Line")
    assert by_label["b1"].text_edit.new_text == '"b1"'


async def test_field_names_are_completed_in_ron(
    client: LanguageClient, pack: pathlib.Path
):
    scenario = pack / SCENARIO
    text = scenario.read_text().replace(
        "    sets_up_first:", "    desc\n    sets_up_first:", 1
    )
    open_document(client, scenario, text)
    lines = text.splitlines()
    line = next(i for i, l in enumerate(lines) if l.strip() == "desc")
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=scenario.as_uri()),
            position=types.Position(line=line, character=len(lines[line])),
        )
    )
    items = result if isinstance(result, list) else result.items
    labels = {i.label for i in items}
    assert {"description", "victory", "sides"} <= labels, sorted(labels)


async def test_a_file_deleted_while_open_does_not_stop_the_server(
    client: LanguageClient, pack: pathlib.Path
):
    scenario = pack / SCENARIO
    text = with_unknown_unit(scenario.read_text())
    open_document(client, scenario, text)
    await diagnostics_for(client, scenario, until=has_code("REF004"))
    scenario.unlink()
    change_document(client, scenario, text + "\n", version=2)
    # Its findings are withdrawn: it is no longer a file of the pack.
    await diagnostics_for(client, scenario, until=lambda found: len(found) == 0)
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=scenario.as_uri()),
            position=types.Position(line=0, character=0),
        )
    )
    assert hover is None or hover.contents is not None


async def test_a_did_you_mean_is_a_quick_fix(
    client: LanguageClient, pack: pathlib.Path
):
    scenario = pack / SCENARIO
    text = scenario.read_text().replace("facing: 0)", "facng: 0)", 1)
    open_document(client, scenario, text)
    published = await diagnostics_for(client, scenario, until=has_code("SCH002"))
    misspelled = next(d for d in published if d.code == "SCH002")
    assert "did you mean `facing`?" in misspelled.message
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=scenario.as_uri()),
            range=misspelled.range,
            context=types.CodeActionContext(diagnostics=[misspelled]),
        )
    )
    (action,) = actions
    assert action.kind == types.CodeActionKind.QuickFix
    (edit,) = action.edit.changes[scenario.as_uri()]
    assert edit.new_text == "facing"
    line = text.splitlines()[edit.range.start.line]
    assert line[edit.range.start.character : edit.range.end.character] == "facng"


async def test_a_unit_id_goes_to_its_counters_entry(
    client: LanguageClient, pack: pathlib.Path
):
    scenario, counters = pack / SCENARIO, pack / "mini.counters.ron"
    text = scenario.read_text()
    open_document(client, scenario, text)
    lines = text.splitlines()
    line = next(i for i, l in enumerate(lines) if '(unit: "b1"' in l)
    column = lines[line].index('"b1"') + 1
    found = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=scenario.as_uri()),
            position=types.Position(line=line, character=column),
        )
    )
    assert found.uri == counters.as_uri()
    target = counters.read_text().splitlines()[found.range.start.line]
    assert target[found.range.start.character :].startswith('"b1"'), target


async def test_the_outline_lists_sides_and_their_setup(
    client: LanguageClient, pack: pathlib.Path
):
    scenario = pack / SCENARIO
    open_document(client, scenario)
    found = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(
            text_document=types.TextDocumentIdentifier(uri=scenario.as_uri())
        )
    )
    assert [s.name for s in found] == ["blue", "red"]
    blue = [c.name for c in found[0].children]
    assert {"b1", "b2", "blue-general"} <= set(blue), blue


async def hover_text(client, path: pathlib.Path, text: str, needle: str) -> str:
    """The hover shown on the first `needle` of `text`."""
    lines = text.splitlines()
    line = next(i for i, l in enumerate(lines) if needle in l)
    column = lines[line].index(needle) + 1
    found = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=path.as_uri()),
            position=types.Position(line=line, character=column),
        )
    )
    return found.contents.value


async def test_hover_on_a_hex_and_a_place(client: LanguageClient, pack: pathlib.Path):
    scenario = pack / SCENARIO
    text = scenario.read_text()
    open_document(client, scenario, text)
    shown = await hover_text(client, scenario, text, '"0202"')
    assert shown.startswith("**Hex 0202**"), shown
    assert "set up here: 1st Line (`b1`), 2nd Line (`b2`)" in shown, shown
    shown = await hover_text(client, scenario, text, '"mill"')
    assert ", place" in shown and "hexes: " in shown, shown


async def test_references_and_rename_of_a_place_across_files(
    client: LanguageClient, pack: pathlib.Path
):
    scenario, map_file = pack / SCENARIO, pack / "mini.map.ron"
    text = scenario.read_text()
    open_document(client, scenario, text)
    lines = text.splitlines()
    line = next(i for i, l in enumerate(lines) if 'Place("mill")' in l)
    position = types.Position(line=line, character=lines[line].index('"mill"') + 1)
    document = types.TextDocumentIdentifier(uri=scenario.as_uri())
    found = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=document,
            position=position,
            context=types.ReferenceContext(include_declaration=True),
        )
    )
    files = {location.uri for location in found}
    assert files == {scenario.as_uri(), map_file.as_uri()}, found
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=document, position=position, new_name="watermill")
    )
    assert set(edit.changes) == files
    assert all(e.new_text == '"watermill"' for es in edit.changes.values() for e in es)
    # A name already used in the pack is refused.
    try:
        await client.text_document_rename_async(
            types.RenameParams(text_document=document, position=position, new_name="b1")
        )
    except Exception as refused:  # pygls raises the server's error response
        assert "already used" in str(refused)
    else:
        raise AssertionError("a rename onto an existing id was not refused")


async def test_a_broken_berthier_toml_is_reported_on_it(
    client: LanguageClient, pack: pathlib.Path
):
    config, scenario = pack / "berthier.toml", pack / SCENARIO
    config.write_text("exclude = [\n")
    open_document(client, scenario)
    found = await diagnostics_for(client, config)
    assert found[0].message.startswith("the pack cannot be checked: "), found
    assert found[0].severity == types.DiagnosticSeverity.Error


async def test_a_place_and_a_hex_are_completed_from_the_map(
    client: LanguageClient, pack: pathlib.Path
):
    scenario = pack / SCENARIO
    text = scenario.read_text().replace('Place("mill")', 'Place("m")', 1)
    open_document(client, scenario, text)
    lines = text.splitlines()
    line = next(i for i, l in enumerate(lines) if 'Place("m")' in l)
    column = lines[line].index('Place("m")') + len('Place("m')
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=scenario.as_uri()),
            position=types.Position(line=line, character=column),
        )
    )
    items = result if isinstance(result, list) else result.items
    labels = {i.label: i.detail for i in items}
    assert labels.get("mill") == "The Mill", labels
    line = next(i for i, l in enumerate(lines) if '(unit: "b1", hex: "0202"' in l)
    column = lines[line].index('"0202"') + 3
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=scenario.as_uri()),
            position=types.Position(line=line, character=column),
        )
    )
    items = result if isinstance(result, list) else result.items
    assert "0202" in {i.label for i in items}, [i.label for i in items]


async def code_actions(client, path: pathlib.Path, diagnostic) -> list:
    return await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=path.as_uri()),
            range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic]),
        )
    )


def applied(text: str, edit: types.TextEdit) -> str:
    """`text` with one edit made (the mini pack is ASCII)."""
    lines = text.splitlines(keepends=True)

    def offset(position):
        return sum(len(l) for l in lines[: position.line]) + position.character

    start, end = offset(edit.range.start), offset(edit.range.end)
    return text[:start] + edit.new_text + text[end:]


async def test_an_old_file_is_migrated_and_a_missing_version_added(
    client: LanguageClient, pack: pathlib.Path
):
    scenario = pack / SCENARIO
    current = scenario.read_text()
    old = current.replace("format_version: 2,", "format_version: 1, // as first written", 1)
    open_document(client, scenario, old)
    published = await diagnostics_for(client, scenario, until=has_code("SCH006"))
    (action,) = await code_actions(client, scenario, next(d for d in published if d.code == "SCH006"))
    (edit,) = action.edit.changes[scenario.as_uri()]
    assert applied(old, edit) == old.replace("format_version: 1,", "format_version: 2,")

    missing = current.replace("    format_version: 2,\n", "", 1)
    change_document(client, scenario, missing, version=2)
    published = await diagnostics_for(client, scenario, until=has_code("SCH002"))
    required = next(d for d in published if "format_version" in d.message)
    (action,) = await code_actions(client, scenario, required)
    (edit,) = action.edit.changes[scenario.as_uri()]
    assert applied(missing, edit) == current


async def test_a_unit_class_is_completed_from_the_series(
    client: LanguageClient, pack: pathlib.Path
):
    counters = pack / "mini.counters.ron"
    text = counters.read_text()
    open_document(client, counters, text)
    lines = text.splitlines()
    line = next(i for i, l in enumerate(lines) if 'id: "b1"' in l)
    column = lines[line].index('class: "infantry"') + len('class: "in')
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=counters.as_uri()),
            position=types.Position(line=line, character=column),
        )
    )
    items = result if isinstance(result, list) else result.items
    labels = {i.label: i.detail for i in items}
    assert labels.get("infantry") == "Infantry (series)", labels
    assert "cavalry" in labels, labels
