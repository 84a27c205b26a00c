// The mcplint VS Code extension: starts `mcplint server` (a language server on stdio) for
// Python files and lets vscode-languageclient do the rest. Diagnostics, quick fixes
// ("Disable MCPxxx for this line", the rule's fix, source.fixAll.mcplint) and hovers all
// come from the server; this file only decides how to start it.

import * as os from "os";
import * as path from "path";
import * as vscode from "vscode";
import {
  Executable,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
} from "vscode-languageclient/node";

const SECTION = "mcplint";
let client: LanguageClient | undefined;
let output: vscode.OutputChannel | undefined;

/** Called by VS Code when a Python file is first opened. */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel("mcplint");
  context.subscriptions.push(output);
  context.subscriptions.push(
    vscode.commands.registerCommand("mcplint.restart", restart),
    vscode.commands.registerCommand("mcplint.showOutput", () => output?.show()),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration(`${SECTION}.path`) || event.affectsConfiguration(`${SECTION}.interpreter`)) {
        await restart();
      }
    }),
  );
  await start();
}

/** Called by VS Code on shutdown or when the extension is disabled. */
export async function deactivate(): Promise<void> {
  await stop();
}

/** How to start the server: `mcplint.path`, else `mcplint.interpreter -m mcplint`, else `mcplint` on PATH. */
export function serverExecutable(): Executable {
  const config = vscode.workspace.getConfiguration(SECTION);
  const executable = expand(config.get<string>("path", ""));
  if (executable) {
    return { command: executable, args: ["server"] };
  }
  const interpreter = expand(config.get<string>("interpreter", ""));
  if (interpreter) {
    return { command: interpreter, args: ["-m", "mcplint", "server"] };
  }
  return { command: "mcplint", args: ["server"] };
}

/** `~` and `${workspaceFolder}` (the first folder) expanded; surrounding blanks removed. */
function expand(value: string): string {
  let result = value.trim();
  if (!result) {
    return result;
  }
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? "";
  result = result.replace(/\$\{workspaceFolder\}/g, folder);
  if (result === "~" || result.startsWith("~/")) {
    result = path.join(os.homedir(), result.slice(1));
  }
  return result;
}

async function start(): Promise<void> {
  const executable = serverExecutable();
  const serverOptions: ServerOptions = { run: executable, debug: executable };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: "file", language: "python" },
      { scheme: "untitled", language: "python" },
    ],
    outputChannel: output,
    traceOutputChannel: output,
  };
  client = new LanguageClient(SECTION, "mcplint", serverOptions, clientOptions);
  output?.appendLine(`Starting: ${executable.command} ${(executable.args ?? []).join(" ")}`);
  try {
    await client.start();
  } catch (error) {
    const message =
      `mcplint: could not start "${executable.command}" (${error}). ` +
      "Install mcplint from a clone of its repository (python -m pip install /path/to/mcplint) " +
      "or set mcplint.path / mcplint.interpreter.";
    output?.appendLine(message);
    const choice = await vscode.window.showErrorMessage(message, "Open Settings");
    if (choice === "Open Settings") {
      await vscode.commands.executeCommand("workbench.action.openSettings", SECTION);
    }
    client = undefined;
  }
}

async function stop(): Promise<void> {
  const running = client;
  client = undefined;
  if (running) {
    try {
      await running.stop();
    } catch (error) {
      output?.appendLine(`mcplint: error while stopping the server: ${error}`);
    }
  }
}

async function restart(): Promise<void> {
  await stop();
  await start();
}
