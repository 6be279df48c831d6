// Starts berthier-lsp for RON and JSON pack documents and berthier.toml.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const path = vscode.workspace
    .getConfiguration("berthier")
    .get("server.path", "berthier-lsp");
  const server = { command: path };
  client = new LanguageClient(
    "berthier",
    "Berthier",
    { run: server, debug: server },
    {
      documentSelector: [
        { scheme: "file", pattern: "**/*.ron" },
        { scheme: "file", pattern: "**/*.json" },
        { scheme: "file", pattern: "**/berthier.toml" },
      ],
    }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
