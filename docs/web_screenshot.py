"""Take the screenshot of ``docs/web.md``: ``python docs/web_screenshot.py``.

It starts the web table (``hogwarts-rules web``'s app) in a thread with one game of
Clue for two people (Ann and Ben; a bot plays Cat), lets each choose a student in
their own browser context, has Ann roll, and saves Ann's page, with the squares she
can reach highlighted, as ``docs/images/web-table.png``. Needs the ``web`` extra,
Playwright and the distribution's Chromium (``/usr/bin/chromium``).
"""

from __future__ import annotations

import base64
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent / "images" / "web-table.png"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


def main() -> int:
    """Take the screenshot; return the exit status."""
    from playwright.sync_api import expect, sync_playwright

    from hogwarts_rules.frontends.web.app import create_app, running
    from hogwarts_rules.frontends.web.relay import Relay

    relay = Relay()
    tokens = relay.add_game("clue", ["Ann", "Ben", "Cat"], ["Ann", "Ben"], seed=3)["tokens"]
    with running(create_app(relay)) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        pages = {}
        for seat, token in tokens.items():
            context = browser.new_context(viewport={"width": 1400, "height": 980})
            pages[seat] = context.new_page()
            pages[seat].goto(f"{base}/#seat={seat}&token={token}")
        for seat in ("Ann", "Ben"):
            expect(pages[seat].locator("#status")).to_have_text(f"Your move, {seat}.")
            pages[seat].locator("#choices button").first.click()
        ann = pages["Ann"]
        expect(ann.locator("#choices button")).to_have_text(["Roll the black and the green die"])
        ann.locator("#choices button").first.click()
        expect(ann.locator("rect.destination").first).to_be_visible()
        session = ann.context.new_cdp_session(ann)
        shot = session.send("Page.captureScreenshot", {"format": "png"})
        OUT.parent.mkdir(exist_ok=True)
        OUT.write_bytes(base64.b64decode(shot["data"]))
        for page in pages.values():
            page.context.close()
        browser.close()
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
