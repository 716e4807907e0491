"""roster, deploy and mip install against the virtual device."""
import json
from pathlib import Path

from dicetray_host.usb.deploy import package_json_text
from dicetray_host.paths import FIRMWARE, ROOT
from dicetray_host.vboard.device import VirtualDevice
from usb_helpers import dicetray, mpremote
from waits import HANG_S


def test_roster_is_written_and_reads_back(tmp_path):
    flash = tmp_path / "flash"
    with VirtualDevice(flash) as dev:
        proc = dicetray("roster", "Ann", "Bob", "Zoë", "--port", dev.url)
        assert proc.returncode == 0, proc.stderr
        assert (flash / "roster.txt").read_bytes() == "Ann\nBob\nZoë\n".encode()
        cat = mpremote(dev.url, "fs", "cat", ":roster.txt")
        assert cat.stdout.replace(b"\r\n", b"\n").endswith("Ann\nBob\nZoë\n".encode())
        shown = dicetray("roster", "--show", "--port", dev.url)
        assert shown.stdout.decode() == "Ann\nBob\nZoë\n"


def test_bad_rosters_are_refused_and_change_nothing(tmp_path):
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "roster.txt").write_text("Ann\nBob\n")
    with VirtualDevice(flash) as dev:
        cases = [
            ([], b"give 1 to 8 names, not 0"),
            (["P%d" % i for i in range(9)], b"give 1 to 8 names, not 9"),
            (["Ann", "Bo\nb"], b"name 2 ('Bo\\nb') holds a newline"),
            (["Ann", ""], b"name 2 is empty"),
            (["Ann", "ann"], b"name 2 ('ann') appears twice"),
            (["A" * 17], b"is 17 characters; the screen shows 16"),
            (["Ann", "\u200b"], b"name 2 ('\\u200b') holds an invisible character (U+200B)"),
            (["Bo\u200db", "Ann"], b"name 1 ('Bo\\u200db') holds an invisible character (U+200D)"),
            (["Ann", "\u3164"], b"holds an invisible character (U+3164)"),
            (["Ann", "\u0301"], b"name 2 ('\xcc\x81') shows nothing on the screen"),
        ]
        for names, message in cases:
            proc = dicetray("roster", *names, "--port", dev.url)
            assert proc.returncode == 2 and message in proc.stderr, (names, proc.stderr)
    assert (flash / "roster.txt").read_text() == "Ann\nBob\n"


def test_deploy_copies_compiled_firmware_then_only_what_changed(tmp_path):
    flash = tmp_path / "flash"
    with VirtualDevice(flash) as dev:
        proc = dicetray("deploy", "--port", dev.url, timeout=HANG_S)
        assert proc.returncode == 0, proc.stderr
        modules = sorted(p.relative_to(FIRMWARE).with_suffix(".mpy")
                         for p in (FIRMWARE / "dicetray").rglob("*.py"))
        for module in modules:
            data = (flash / "lib" / module).read_bytes()
            assert data[:1] == b"M", module  # an .mpy file
        assert (flash / "main.py").read_bytes() == (FIRMWARE / "main.py").read_bytes()
        again = dicetray("deploy", "--port", dev.url, timeout=HANG_S)
        assert b"0 file(s) copied, %d already up to date" % (len(modules) + 1) in again.stdout


def test_package_json_lists_every_firmware_file():
    listed = json.loads((ROOT / "package.json").read_text())
    assert (ROOT / "package.json").read_text() == package_json_text(), \
        "package.json is stale: dicetray deploy --package-json > package.json"
    for target, url in listed["urls"]:
        assert (ROOT / url).is_file() and url == "firmware/" + target


def test_mip_install_from_package_json(tmp_path):
    flash = tmp_path / "flash"
    with VirtualDevice(flash) as dev:
        proc = mpremote(dev.url, "mip", "install", str(ROOT / "package.json"), timeout=HANG_S)
        assert proc.returncode == 0, proc.stderr
    for target, url in json.loads((ROOT / "package.json").read_text())["urls"]:
        assert (flash / "lib" / target).read_bytes() == (ROOT / url).read_bytes()


def test_manifest_names_the_package_and_main():
    text = (FIRMWARE / "manifest.py").read_text()
    calls = []
    namespace = {name: (lambda *a, _n=name, **k: calls.append((_n, a, k)))
                 for name in ("include", "package", "module", "metadata", "require")}
    exec(compile(text, "manifest.py", "exec"), namespace)
    assert ("package", ("dicetray",), {}) in calls
    assert ("module", ("main.py",), {}) in calls
    assert Path(FIRMWARE / "main.py").is_file() and (FIRMWARE / "dicetray").is_dir()
