#!/usr/bin/env python3
"""The `wonderlog view` page in a real browser (headless Chromium, driven over the DevTools
protocol on a pipe, Python's standard library only): for a bundled replay of each game it opens
the page, presses keys, and checks from the DOM that the position, the move list and the
diagnostic are the ones `wonderlog replay --to N` and `wonderlog verify` give. Screenshots go to
OUT/*.png for a person to look at.

    view_test.py WONDERLOG CHROMIUM SOURCE_DIR OUT_DIR

Exit 0 when every check holds, 1 otherwise; 77 (skipped) when Chromium is not there.
"""
import base64
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

WONDERLOG, CHROMIUM, SOURCE, OUT = sys.argv[1:5]
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL:", what, file=sys.stderr)


class Browser:
    """Chromium with --remote-debugging-pipe: it reads commands on fd 3, writes on fd 4, each
    message JSON ended by a NUL byte."""

    def __init__(self, profile):
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()

        def fds():
            # Moved out of the way first, so that dup2 onto 3 and 4 cannot close one of them.
            a = os.dup2(to_chrome_r, 100)
            b = os.dup2(from_chrome_w, 101)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.process = subprocess.Popen(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--remote-debugging-pipe", "--user-data-dir=" + profile, "--window-size=1200,900", "about:blank"],
            pass_fds=(3, 4), preexec_fn=fds,  # kept open: the rest are closed after fds() runs
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def call(self, method, params=None, session=None, timeout=30):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            while b"\0" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == self.next_id:
                    if "error" in reply:
                        raise RuntimeError(f"{method}: {reply['error']}")
                    return reply.get("result", {})
                self.events.append(reply)
            left = deadline - time.time()
            if left <= 0 or not select.select([self.from_chrome], [], [], left)[0]:
                raise TimeoutError(f"{method}: no answer from Chromium in {timeout} s")
            chunk = os.read(self.from_chrome, 1 << 16)
            if not chunk:
                raise RuntimeError(f"{method}: Chromium closed the pipe")
            self.buffer += chunk

    def close(self):
        try:
            self.call("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


class Page:
    def __init__(self, browser, url, ready="document.querySelector('#moves li.current') !== null"):
        self.browser = browser
        target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable")
        self.call("Page.navigate", {"url": url})
        self.wait_for("document.readyState === 'complete' && " + ready)

    def call(self, method, params=None):
        return self.browser.call(method, params, self.session)

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression, timeout=20):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.evaluate(expression):
                return
            time.sleep(0.05)
        raise TimeoutError(f"the page never had {expression}")

    def press(self, key, code):
        # A real key press, as the keyboard sends it: the page's own handler must move.
        for kind in ("rawKeyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent",
                      {"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code})

    def shown(self):
        return self.evaluate("""(function () {
          var visible = Array.prototype.filter.call(document.querySelectorAll('#board .frame'), function (f) { return !f.hidden; });
          var current = document.querySelectorAll('#moves li.current');
          var frame = visible.length === 1 ? visible[0] : null;
          // The position in words: the SVG's description.
          var desc = frame ? frame.querySelector('svg > desc') : null;
          var diagnostic = frame ? frame.querySelector('pre.diagnostic') : null;
          return { visible: visible.length, frame: frame ? frame.id : null, hash: location.hash,
                   current: current.length === 1 ? current[0].textContent : null, currents: current.length,
                   slider: document.getElementById('slider').value, where: document.getElementById('where').textContent,
                   desc: desc ? desc.textContent : null, diagnostic: diagnostic ? diagnostic.textContent : null,
                   frames: document.querySelectorAll('#board .frame').length,
                   // AlicematiC Heroes' tokens on the map: invaded (on a space or a City spot), under attack.
                   tokens: frame ? frame.querySelectorAll('use[href^="#ah-t"], use[href^="#ah-s"]').length : 0,
                   attacks: frame ? frame.querySelectorAll('use[href^="#ah-a"]').length : 0,
                   // Rolling in Wonderland's dice, in the action areas and on the boards.
                   dice: frame ? frame.querySelectorAll('use[href^="#rw-d"]').length : 0 };
        })()""")

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))


def run(*args):
    done = subprocess.run([WONDERLOG, *args], cwd=SOURCE, capture_output=True, text=True)
    return done.stdout, done.stderr, done.returncode


def entry_line(log, move):
    """Move `move`'s line of the log as written, without its comment (the move list's text)."""
    with open(os.path.join(SOURCE, log), encoding="utf-8") as f:
        for line in f:
            if line.startswith(f"{move}. "):
                return line.split("#", 1)[0].strip()
    return None


def position(log, move, viewer="all"):
    """`wonderlog replay --to move`: the position as text, without its first line."""
    out, _, _ = run("replay", log, "--to", str(move), "--as", viewer)
    lines = out.split("\n")
    if viewer != "all":
        lines = lines[1:]  # "As Alice knows it:"
    return "\n".join(lines[1:])


def same_position(desc, text):
    """Whether a picture's text is the position `replay` gives: all of it, or (a game whose map is
    drawn once per page and described hex by hex) its part after the map."""
    if desc is None:
        return False
    return desc == text or (text.endswith("\n" + desc) and desc.count("\n") >= 3)


def tokens_in(text):
    """The invaded tokens and the attacks a replay text lists ('holds  a2, l0 x2', 'under attack  l1')."""
    held = attacks = 0
    for line in text.split("\n"):
        line = line.strip()
        if line.startswith("holds ") and line != "holds  -":
            for space in line[len("holds "):].split(","):
                parts = space.split()
                held += int(parts[1][1:]) if len(parts) > 1 else 1
        elif line.startswith("under attack "):
            attacks += len(line[len("under attack "):].split(","))
    return held, attacks


def dice_in(text):
    """The dice a Rolling in Wonderland replay text lists, in the action areas and on the boards."""
    colours = {"blue", "black", "orange", "peach", "green", "purple"}
    dice, in_areas = 0, False
    for line in text.split("\n"):
        if line.startswith("Action areas:"):
            in_areas = True
            continue
        if in_areas and line.startswith("  "):
            dice += sum(1 for word in line.split()[1:] if word in colours)
            continue
        in_areas = False
        if "): dice " in line:
            dice += sum(1 for word in line.split("): dice ", 1)[1].split(";")[0].split() if word in colours)
    return dice


def check_page(browser, name, log, viewer="all", keys=()):
    page_path = os.path.join(OUT, name + ".html")
    _, err, code = run("view", log, "-o", page_path, "--as", viewer)
    check(code in (0, 1) and os.path.exists(page_path), f"{name}: view wrote no page ({code}): {err}")
    size = os.path.getsize(page_path)
    check(size < 1 << 20, f"{name}: the page is {size} bytes, over 1 MiB")
    page = Page(browser, "file://" + page_path)
    s = page.shown()
    check(s["visible"] == 1 and s["frame"] == "frame-0" and s["currents"] == 1, f"{name}: opens on the start: {s}")
    check(s["current"] == "Start", f"{name}: the move list marks the start: {s['current']}")
    last = s["frames"] - 1
    # Three moves on with the arrow key.
    for _ in range(3):
        page.press("ArrowRight", 39)
    s = page.shown()
    check(s["frame"] == "frame-3" and s["hash"] == "#3" and s["slider"] == "3", f"{name}: three Right arrows: {s}")
    check(s["current"] == entry_line(log, 3), f"{name}: move list at 3: {s['current']!r} vs {entry_line(log, 3)!r}")
    check(same_position(s["desc"], position(log, 3, viewer)), f"{name}: the position after move 3 is not replay's")
    page.press("ArrowLeft", 37)
    s = page.shown()
    check(s["frame"] == "frame-2" and same_position(s["desc"], position(log, 2, viewer)), f"{name}: Left arrow: {s['frame']}")
    page.screenshot(os.path.join(OUT, name + "-move-2.png"))
    page.press("End", 35)
    s = page.shown()
    check(s["frame"] == f"frame-{last}" and s["hash"] == f"#{last}", f"{name}: End: {s['frame']}")
    verdict, _, verify_code = run("verify", log)
    if verify_code == 1 and s["diagnostic"] is not None:
        # The refused move: its diagnostic is verify's, on the position it was played on.
        check(s["diagnostic"] in verdict, f"{name}: the diagnostic is not verify's:\n{s['diagnostic']}\n---\n{verdict}")
        check(s["current"].endswith("(refused)"), f"{name}: the refused move is not marked: {s['current']}")
        check(same_position(s["desc"], position(log, last - 1, viewer)), f"{name}: the refused move's position is not replay's")
    else:
        check(same_position(s["desc"], position(log, last, viewer)), f"{name}: the last position is not replay's")
    if name.startswith("rolling-in-wonderland"):
        # Move 3's dice, counted from the drawing, are the ones replay lists.
        page.press("Home", 36)
        for _ in range(3):
            page.press("ArrowRight", 39)
        shown, text = page.shown(), position(log, 3, viewer)
        check(dice_in(text) > 0 and shown["dice"] == dice_in(text),
              f"{name}: move 3 draws {shown['dice']} dice, replay lists {dice_in(text)}")
        page.press("End", 35)
    if name.startswith("alicematic-heroes"):
        # The map's tokens are the ones replay lists, counted from the drawing itself.
        held, attacks = tokens_in(position(log, last, viewer))
        check(held > 0 and (s["tokens"], s["attacks"]) == (held, attacks),
              f"{name}: the map draws {s['tokens']} tokens and {s['attacks']} attacks, replay lists {held} and {attacks}")
    page.screenshot(os.path.join(OUT, name + "-end.png"))
    page.press("Home", 36)
    check(page.shown()["frame"] == "frame-0", f"{name}: Home")
    # The address opens a move.
    page.call("Page.navigate", {"url": "file://" + page_path + "#2"})
    page.wait_for("location.hash === '#2' && document.querySelector('#frame-2').hidden === false")
    check(page.shown()["current"] == entry_line(log, 2), f"{name}: #2 opens move 2")


def check_index(browser):
    """verify --html: the index lists each game with verify's verdict, and its links open the pages."""
    batch = os.path.join(OUT, "batch")
    logs = ["replays/tea-time/two-players-club-night.wlog", "replays/hide-and-seek/disputes/move-off-path.wlog"]
    _, err, code = run("verify", *logs, "--html", batch)
    check(code == 1 and "wrote 2 pages" in err, f"verify --html: exit {code}: {err}")
    page = Page(browser, "file://" + os.path.join(batch, "index.html"), "document.getElementById('games') !== null")
    rows = page.evaluate("""Array.prototype.map.call(document.querySelectorAll('#games tr.valid, #games tr.invalid'),
        function (tr) { return [tr.className, tr.querySelector('a').getAttribute('href'), tr.querySelector('.verdict').textContent]; })""")
    check(len(rows) == 2, f"verify --html: the index lists {len(rows)} games")
    for (cls, href, verdict), log in zip(rows, logs):
        out, _, verify_code = run("verify", log)
        check(verdict in out and cls == ("valid" if verify_code == 0 else "invalid"), f"index: {log}: {cls} {verdict}")
        page.call("Page.navigate", {"url": "file://" + os.path.join(batch, href)})
        page.wait_for("document.querySelectorAll('#board .frame').length > 0 && location.href.indexOf('" + href + "') >= 0")
        check(page.shown()["visible"] == 1, f"index: the link to {href} opens a page showing one position")
    page.screenshot(os.path.join(OUT, "batch-page.png"))


def main():
    if not shutil.which(CHROMIUM) and not os.path.exists(CHROMIUM):
        print(f"view_test: no Chromium at {CHROMIUM}: skipped (make test installs it)")
        return 77
    os.makedirs(OUT, exist_ok=True)
    profile = tempfile.mkdtemp(prefix="wonderlog-chromium-")
    browser = Browser(profile)
    try:
        browser.call("Browser.getVersion")
        check_page(browser, "tea-time", "replays/tea-time/two-players-club-night.wlog")
        check_page(browser, "hide-and-seek-refused", "replays/hide-and-seek/disputes/move-off-path.wlog")
        check_page(browser, "hide-and-seek-as-alice", "replays/hide-and-seek/queen-two-guards-table.wlog", "alice")
        check_page(browser, "alicematic-heroes", "replays/alicematic-heroes/three-players-open.wlog")
        check_page(browser, "rolling-in-wonderland", "replays/rolling-in-wonderland/two-players-open.wlog")
        check_index(browser)
    finally:
        browser.close()
        shutil.rmtree(profile, ignore_errors=True)
    if failures:
        print(f"view_test: {len(failures)} checks failed", file=sys.stderr)
        return 1
    print(f"view_test: every check holds; screenshots in {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
