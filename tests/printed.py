"""Render printable pages in real headless Chromium and measure them.

- print_pdf(): Chromium's own print to PDF (no browser header/footer), then
  pdfinfo (poppler-utils) gives the page count and size, pdftotext the text.
- measure(): the page loaded with a small script appended that writes the
  layout numbers into the DOM; --dump-dom returns them. Pages are laid out in
  millimetres on screen as in print, so widths measured here are print widths.
- screenshot(): a PNG kept under out/after-the-game/ as a test artifact.
"""
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from waits import HANG_S

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "out" / "after-the-game"
PX_PER_MM = 96 / 25.4

_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
          "--disable-background-networking", "--disable-component-update", "--disable-sync",
          "--disable-extensions", "--hide-scrollbars", "--mute-audio"]


def need_tools():
    missing = [tool for tool in (CHROMIUM, "pdfinfo", "pdftotext")
               if not (os.path.exists(tool) if tool.startswith("/") else shutil.which(tool))]
    if missing:
        pytest.skip("not installed: %s (make test installs them as root)" % ", ".join(missing))


def _chromium(args, url, timeout=HANG_S):
    with tempfile.TemporaryDirectory(prefix="chromium-profile-") as profile:
        proc = subprocess.run([CHROMIUM, *_FLAGS, "--user-data-dir=" + profile, *args, url],
                              capture_output=True, timeout=timeout)
    return proc


def print_pdf(html_path, pdf_path):
    """Print to PDF; returns (pages, (width_pt, height_pt) of page 1)."""
    proc = _chromium(["--no-pdf-header-footer", "--print-to-pdf=" + str(pdf_path)],
                     Path(html_path).resolve().as_uri())
    assert Path(pdf_path).exists(), proc.stderr.decode("utf-8", "replace")[-2000:]
    info = subprocess.run(["pdfinfo", str(pdf_path)], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    size = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+) pts", info, re.M)
    return pages, (float(size.group(1)), float(size.group(2)))


def pdf_text(pdf_path):
    return subprocess.run(["pdftotext", "-layout", str(pdf_path), "-"], capture_output=True,
                          text=True, check=True).stdout


_MEASURE = r"""
<script>
(function () {
  var out = {pages: [], tables: [], overflowing: []};
  var mm = 96 / 25.4;
  document.querySelectorAll('.page').forEach(function (page) {
    var r = page.getBoundingClientRect();
    var style = getComputedStyle(page);
    var padX = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    var padTop = parseFloat(style.paddingTop);
    var blocks = [], bottom = 0;
    Array.prototype.forEach.call(page.children, function (child) {
      var c = child.getBoundingClientRect();
      var cs = getComputedStyle(child);
      var outer = c.height + parseFloat(cs.marginTop) + parseFloat(cs.marginBottom);
      blocks.push({cls: child.className || child.tagName.toLowerCase(), mm: outer / mm});
      var inner = child.querySelector('table') || child;
      bottom = Math.max(bottom, inner.getBoundingClientRect().bottom - r.top - padTop);
    });
    out.pages.push({width: r.width - padX, height: page.clientHeight - padTop - parseFloat(style.paddingBottom),
                    scroll: page.scrollHeight - padTop - parseFloat(style.paddingBottom),
                    left: r.left, right: window.innerWidth - r.right, bottom: bottom, blocks: blocks});
  });
  out.rows = [];
  document.querySelectorAll('table.grid tbody tr').forEach(function (row) {
    out.rows.push(row.getBoundingClientRect().height / mm);
  });
  document.querySelectorAll('table').forEach(function (table) {
    var page = table.closest('.page');
    out.tables.push({width: table.getBoundingClientRect().width, scroll: table.scrollWidth,
                     page: page ? page.clientWidth : null});
  });
  document.querySelectorAll('td, th').forEach(function (cell) {
    if (cell.scrollWidth > cell.clientWidth + 1) out.overflowing.push(cell.textContent.slice(0, 40));
  });
  // a one-word heading split over two lines is a column too narrow for it
  out.broken = [];
  document.querySelectorAll('th').forEach(function (cell) {
    var text = cell.textContent.trim();
    if (!text || /\s/.test(text)) return;
    var range = document.createRange();
    range.selectNodeContents(cell);
    var lines = {};
    Array.prototype.forEach.call(range.getClientRects(), function (r) { if (r.width) lines[Math.round(r.top)] = 1; });
    if (Object.keys(lines).length > 1) out.broken.push(text);
  });
  var pre = document.createElement('pre');
  pre.id = 'measure';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>
"""


def measure(html_path, tmp_path, width=1200):
    """Layout numbers (CSS px) of the page's .page sections (their content
    box, what a printed page holds; its blocks in mm; left and right: space
    beside it in the window), tables, cells and grid rows (mm)."""
    text = Path(html_path).read_text(encoding="utf-8")
    probe = Path(tmp_path) / ("measure-" + Path(html_path).name)
    probe.write_text(text.replace("</body>", _MEASURE + "</body>"), encoding="utf-8")
    proc = _chromium(["--window-size=%d,1600" % width, "--dump-dom"], probe.as_uri())
    dom = proc.stdout.decode("utf-8")
    found = re.search(r'<pre id="measure">(.*?)</pre>', dom, re.S)
    assert found, proc.stderr.decode("utf-8", "replace")[-2000:]
    return json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&")
                      .replace("&lt;", "<").replace("&gt;", ">"))


def screenshot(html_path, name, height=1500):
    """A PNG of the page as a screen shows it, kept as a test artifact."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    png = ARTIFACTS / name
    _chromium(["--window-size=900,%d" % height, "--screenshot=" + str(png)],
              Path(html_path).resolve().as_uri())
    assert png.exists() and png.stat().st_size > 5000
    return png


def command(module, argv):
    """Run one dicetray subcommand module as `dicetray NAME argv...` would,
    without building every other command's parser."""
    import argparse
    import importlib
    from dicetray_host.cli import COMMANDS
    mod = importlib.import_module(COMMANDS[module][0])
    parser = argparse.ArgumentParser(prog="dicetray " + module)
    mod.configure(parser)
    return mod.run(parser.parse_args(argv))


def page_pngs(pdf_path, prefix, dpi=96):
    """Each printed page as a PNG at dpi (96: 100 % on a screen, one CSS px
    a pixel), by pdftoppm (poppler-utils); returns the files in page order."""
    prefix = Path(prefix)
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", str(pdf_path), str(prefix)], check=True)
    return sorted(prefix.parent.glob(prefix.name + "-*.png"),
                  key=lambda p: int(p.stem.rsplit("-", 1)[1]))


def side_by_side(pngs, out_png, gap=16):
    """The pages next to each other on grey, as one PNG."""
    from PIL import Image
    pages = [Image.open(p).convert("RGB") for p in pngs]
    width = sum(p.width for p in pages) + gap * (len(pages) + 1)
    height = max(p.height for p in pages) + 2 * gap
    sheet = Image.new("RGB", (width, height), (160, 160, 160))
    x = gap
    for page in pages:
        sheet.paste(page, (x, gap))
        x += page.width + gap
    sheet.save(out_png, optimize=True)
    return out_png
