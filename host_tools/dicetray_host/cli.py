"""The `dicetray` command: one subcommand per module, imported only when used."""
import argparse
import importlib
import sys

# name -> (module, one-line help). Each module defines configure(parser) and run(args) -> int.
COMMANDS = {
    "replay": ("dicetray_host.replay_cmd", "replay a game record and print the result"),
    "sim": ("dicetray_host.sim_cmd", "play on the virtual board: the real firmware, the OLED in the terminal"),
    "verify": ("dicetray_host.verify_cmd", "check game records: CRC of every line and a rules replay"),
    "kit": ("dicetray_host.kit_cmd", "write the printable tabletop kit of a game (HTML)"),
    "sheet": ("dicetray_host.sheet_cmd", "write a game record as a filled-in printable score sheet (HTML)"),
    "import": ("dicetray_host.import_cmd", "add game records to the statistics database (SQLite)"),
    "stats": ("dicetray_host.stats_cmd", "per player and game: games, wins, banked turns, bust rate; --plot"),
    "pull": ("dicetray_host.pull_cmd", "copy new game records from the tray over USB (mpremote), checked"),
    "deploy": ("dicetray_host.deploy_cmd", "mpy-cross the firmware and copy it to the tray with mpremote"),
    "roster": ("dicetray_host.roster_cmd", "write player names to the tray (/roster.txt)"),
    "device": ("dicetray_host.device_cmd", "serve a virtual tray's USB REPL on a loopback port (for mpremote)"),
    "detect": ("dicetray_host.detect_cmd", "find throws and tilt in an accelerometer trace"),
    "traces": ("dicetray_host.traces_cmd", "write generated, labelled accelerometer traces (CSV + JSON)"),
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
