# Dice tray scorer firmware. The one place of its version: pyproject.toml,
# package.json (dicetray deploy --package-json) and the host tools read it
# here; tests/test_structure.py checks firmware/manifest.py says the same.
VERSION = "0.1.0"
