"""berthier-lsp on input no editor should send: malformed messages, a
50 MB document, a million-entry setup. Driven over raw stdio (a client
library would not send malformed frames); each test ends with a clean
shutdown, so a server that crashed or hung fails it."""

import json
import pathlib
import select
import subprocess
import time

from conftest import LSP

SCENARIO = "mini.scenario.ron"


class RawClient:
    def __init__(self, root: pathlib.Path):
        # Unbuffered: `select` sees only the pipe, not a reader's buffer.
        self.process = subprocess.Popen(
            [LSP],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            bufsize=0,
        )
        self.root = root

    def write(self, data: bytes):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: dict):
        body = json.dumps(message).encode()
        self.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def receive(self, timeout: float) -> dict:
        """The next message, or an assertion error after `timeout` s."""
        out = self.process.stdout
        ready, _, _ = select.select([out], [], [], timeout)
        assert ready, f"no message within {timeout} s"
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            byte = out.read(1)
            assert byte, "the server closed its output"
            header += byte
        length = int(header.split(b":")[1].split(b"\r")[0])
        body = b""
        while len(body) < length:
            chunk = out.read(length - len(body))
            assert chunk, "the server closed its output"
            body += chunk
        return json.loads(body)

    def response(self, id_: int, timeout: float) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            message = self.receive(max(0.1, deadline - time.monotonic()))
            if message.get("id") == id_ and "method" not in message:
                return message

    def diagnostics(self, path: pathlib.Path, timeout: float) -> list:
        """The next diagnostics published for `path`."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.receive(max(0.1, deadline - time.monotonic()))
            params = message.get("params") or {}
            if message.get("method") == "textDocument/publishDiagnostics" \
                    and params["uri"] == path.as_uri():
                return params["diagnostics"]

    def initialize(self):
        uri = self.root.as_uri()
        self.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "capabilities": {}, "rootUri": uri,
            "workspaceFolders": [{"uri": uri, "name": "pack"}]}})
        assert self.response(1, 30)["result"]["serverInfo"]["name"] == "berthier-lsp"
        self.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})

    def open(self, path: pathlib.Path, text: str):
        self.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": path.as_uri(), "languageId": "ron",
                             "version": 1, "text": text}}})

    def hover(self, id_: int, path: pathlib.Path, timeout: float) -> dict:
        self.send({"jsonrpc": "2.0", "id": id_, "method": "textDocument/hover",
                   "params": {"textDocument": {"uri": path.as_uri()},
                              "position": {"line": 0, "character": 0}}})
        return self.response(id_, timeout)

    def shut_down(self, timeout: float = 30):
        self.send({"jsonrpc": "2.0", "id": 99, "method": "shutdown"})
        assert self.response(99, timeout)["result"] is None
        self.send({"jsonrpc": "2.0", "method": "exit"})
        assert self.process.wait(timeout=timeout) == 0


def test_malformed_messages_are_skipped(pack: pathlib.Path):
    client = RawClient(pack)
    client.write(b"Content-Length: 9\r\n\r\n{not json")
    client.write(b"Content-Length: lots\r\n\r\n")
    client.write(b"no header at all\r\n\r\n")
    client.initialize()
    # A request with parameters of the wrong shape gets an error, not a crash.
    client.send({"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover",
                 "params": {"textDocument": 3}})
    assert client.response(5, 30)["error"]["code"] == -32602
    client.send({"jsonrpc": "2.0", "id": 6, "method": "no/such/method"})
    assert client.response(6, 30)["error"]["code"] == -32601
    client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": None}})
    client.write(b"Content-Length: 12\r\n\r\n[1, 2, 3, 4]")
    client.shut_down()


def check_huge(pack: pathlib.Path, text: str) -> list:
    """Opens `text` as the scenario: its findings are published, a
    request is answered after, and the server shuts down cleanly."""
    client = RawClient(pack)
    client.initialize()
    scenario = pack / SCENARIO
    client.open(scenario, text)
    found = client.diagnostics(scenario, timeout=300)
    assert "result" in client.hover(7, scenario, timeout=300)
    client.shut_down(timeout=300)
    return found


def test_a_50_mb_document(pack: pathlib.Path):
    text = (pack / SCENARIO).read_text().replace(
        'name: "Meeting engagement",',
        'name: "Meeting engagement",\n    description: "' + "x" * 50_000_000 + '",',
    )
    assert len(text) > 50_000_000
    check_huge(pack, text)


def test_a_million_entry_setup(pack: pathlib.Path):
    """Checking it takes minutes in a debug build (two million findings:
    each entry is a duplicate): meanwhile requests are answered at
    once, and a shutdown is not held up by it."""
    entry = '                (unit: "b1", hex: "0202"),\n'
    text = (pack / SCENARIO).read_text().replace(
        "            setup: [\n", "            setup: [\n" + entry * 1_000_000
    )
    assert len(text) > 40_000_000
    client = RawClient(pack)
    client.initialize()
    scenario = pack / SCENARIO
    client.open(scenario, text)
    time.sleep(1)  # past the debounce: the check has started
    started = time.monotonic()
    assert "result" in client.hover(7, scenario, timeout=30)
    assert time.monotonic() - started < 10
    client.shut_down(timeout=30)
