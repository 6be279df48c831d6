"""End-to-end tests of berthier-lsp driven by a real LSP client (pytest-lsp).

The binaries are those `cargo test --workspace` builds: BERTHIER_LSP and
BERTHIER_VALIDATE name them, else ${CARGO_TARGET_DIR:-target}/debug/.
Each test works on a copy of the small pack schema/tests/fixtures/mini.
"""

import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

REPO = pathlib.Path(__file__).resolve().parents[4]
TARGET = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
LSP = os.environ.get("BERTHIER_LSP", str(TARGET / "debug" / "berthier-lsp"))
VALIDATE = os.environ.get(
    "BERTHIER_VALIDATE", str(TARGET / "debug" / "berthier-validate")
)
MINI = REPO / "schema" / "tests" / "fixtures" / "mini"


@pytest.fixture
def pack(tmp_path: pathlib.Path) -> pathlib.Path:
    """A copy of the mini pack, in a folder of its own."""
    root = tmp_path / "pack"
    shutil.copytree(MINI, root)
    return root


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[LSP]))
async def client(lsp_client: LanguageClient, pack: pathlib.Path):
    folder = types.WorkspaceFolder(uri=pack.as_uri(), name="pack")
    params = types.InitializeParams(
        capabilities=types.ClientCapabilities(),
        workspace_folders=[folder],
        root_uri=pack.as_uri(),
    )
    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


def validate_json(root: pathlib.Path) -> list[dict]:
    """`berthier-validate --format json ROOT`'s findings."""
    done = subprocess.run(
        [VALIDATE, "--format", "json", str(root)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    return json.loads(done.stdout)["diagnostics"]


def log(*args):
    print(*args, file=sys.stderr)
