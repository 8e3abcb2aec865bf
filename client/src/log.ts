// The "Board Scenario" output as the language client writes to it, with three of
// vscode-languageclient's lines put right: after a restart on a crash it writes the data argument of
// its info line (`false`) on a line of its own; a server stopped on purpose (a manual restart, the
// window closing) exits with code 0 and is logged as "[Error] Server process exited with code 0";
// a request the server refused on purpose (a rename it rejects) is logged as an error. Everything
// else passes through unchanged.
import type * as vscode from 'vscode';

export class ClientLog implements vscode.OutputChannel {
  /** Set while the extension stops the server itself: its exit is not an error. */
  stopping = false;
  private dropNextBoolean = false;

  constructor(private readonly channel: vscode.OutputChannel) {}

  get name(): string {
    return this.channel.name;
  }

  append(value: string): void {
    this.channel.append(value);
  }

  appendLine(value: string): void {
    if (this.dropNextBoolean) {
      this.dropNextBoolean = false;
      if (value === 'false' || value === 'true') return;
    }
    // The client's info line after a crash restart is followed by its `!handled` argument.
    if (/^\[Info {2}- [^\]]*\] .*(Server will restart|Restarting it)/.test(value)) this.dropNextBoolean = true;
    const exit = /^\[Error - ([^\]]*)\] Server process exited with code 0\.$/.exec(value);
    if (exit && this.stopping) {
      this.channel.appendLine(`[Info  - ${exit[1]}] The language server stopped (exit code 0).`);
      return;
    }
    this.channel.appendLine(value);
  }

  replace(value: string): void {
    this.channel.replace(value);
  }

  clear(): void {
    this.channel.clear();
  }

  show(columnOrPreserve?: vscode.ViewColumn | boolean, preserveFocus?: boolean): void {
    if (typeof columnOrPreserve === 'boolean' || columnOrPreserve === undefined) this.channel.show(columnOrPreserve);
    else this.channel.show(columnOrPreserve, preserveFocus);
  }

  hide(): void {
    this.channel.hide();
  }

  dispose(): void {
    this.channel.dispose();
  }
}
