"""The `dicetray` command: one subcommand per module, imported only when used."""
import argparse
import importlib
import sys

# name -> (module, one-line help). Each module defines configure(parser) and run(args) -> int.
COMMANDS = {
    "replay": ("dicetray_host.commands.replay", "replay a game record and print the result"),
    "sim": ("dicetray_host.commands.sim", "play on the virtual board: the real firmware, the OLED in the terminal"),
    "verify": ("dicetray_host.commands.verify", "check game records: CRC of every line and a rules replay"),
    "kit": ("dicetray_host.commands.kit", "write the printable tabletop kit of a game (HTML)"),
    "sheet": ("dicetray_host.commands.sheet", "write a game record as a filled-in printable score sheet (HTML)"),
    "import": ("dicetray_host.commands.import_records", "add game records to the statistics database (SQLite)"),
    "stats": ("dicetray_host.commands.stats", "per player and game: games, wins, banked turns, bust rate; --plot"),
    "pull": ("dicetray_host.commands.pull", "copy new game records from the tray over USB (mpremote), checked"),
    "deploy": ("dicetray_host.commands.deploy", "mpy-cross the firmware and copy it to the tray with mpremote"),
    "roster": ("dicetray_host.commands.roster", "write player names to the tray (/roster.txt)"),
    "web": ("dicetray_host.commands.web", "serve the tray in a browser page (make web) on 127.0.0.1"),
    "detect": ("dicetray_host.commands.detect", "find throws and tilt in an accelerometer trace"),
    "traces": ("dicetray_host.commands.traces", "write generated, labelled accelerometer traces (CSV + JSON)"),
    "record-trace": ("dicetray_host.commands.record_trace",
                     "record the tray's accelerometer samples and key presses over USB (CSV + labels)"),
}


def build_parser():
    parser = argparse.ArgumentParser(prog="dicetray", description="Dice tray scorer: host tools.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name, (module_name, help_text) in COMMANDS.items():
        cmd = sub.add_parser(name, help=help_text, description=help_text)
        cmd.set_defaults(_module=module_name)
        importlib.import_module(module_name).configure(cmd)
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        return importlib.import_module(args._module).run(args)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
