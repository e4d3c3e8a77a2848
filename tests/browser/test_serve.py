"""``tablebits serve`` in a real browser: whole games played by clicking, two people at one
table from two browsers, hot seat, the record saved and replayed on the replay page, and
every picture and told line a seat's page showed checked against what that seat may know.

The server is the real command (``tablebits serve --port 0``, uvicorn), started once.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

import tablebits as tb
from tablebits import pictures
from tablebits.pictures.narrate import narrate
from tablebits.pictures.page import write_replay_page
from tests.serve.test_privacy import _face_down, _face_down_in, _hidden_actions

SHOTS = os.environ.get("TABLEBITS_SCREENSHOTS")  # a folder: the docs' screenshots go there


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    child = subprocess.Popen([sys.executable, "-m", "tablebits", "serve", "--port", "0",
                              "--bot-threads", "2"], stdout=subprocess.PIPE, text=True)
    line = child.stdout.readline()
    found = re.search(r"open (http://\S+/) in a browser", line)
    assert found, line
    try:
        yield found.group(1)
    finally:
        child.send_signal(signal.SIGINT)
        child.wait(timeout=20)


def screenshot(driver, name: str) -> None:
    """With TABLEBITS_SCREENSHOTS set: the window as docs/img/NAME.png, scaled to 1000 pixels
    wide and reduced to 64 colours (the docs keep their pictures small)."""
    if not SHOTS:
        return
    from PIL import Image

    path = Path(SHOTS) / f"{name}.png"
    driver.save_screenshot(str(path))
    image = Image.open(path).convert("RGB")
    image = image.resize((1000, round(image.height * 1000 / image.width)), Image.LANCZOS)
    image.quantize(64).save(path, optimize=True)


def open_table(server: str, game: str, seats: list[str], seed: int, **params) -> dict:
    body = json.dumps({"game": game, "params": params, "seats": seats, "seed": seed}).encode()
    with urllib.request.urlopen(server + "api/tables", body, timeout=10) as answer:
        return json.loads(answer.read())


def body_data(driver, name: str) -> str | None:
    return driver.execute_script(f"return document.body.dataset.{name} || null")


def shown(driver, element_id: str) -> str:
    return driver.execute_script(f"return document.getElementById('{element_id}').textContent")


def visible(driver, element_id: str) -> bool:
    return driver.execute_script(f"return !document.getElementById('{element_id}').hidden")


PICTURE = "document.querySelector('#picture svg').outerHTML"
LOG_LINES = ("[...document.querySelectorAll('#log > li')].map(li => "
             "[li.firstChild.textContent, ...[...li.querySelectorAll('li')]"
             ".map(t => t.textContent)])")


def as_sent(svg: str) -> str:
    """A picture of the page as the server sent it (the page marks the legal pieces with a
    class of its own)."""
    return svg.replace(" tb-legal", "")


def picture(driver) -> str:
    """The picture the page shows, as the server sent it."""
    return as_sent(driver.execute_script(f"return {PICTURE}"))


def log_lines(driver) -> list[list[str]]:
    """The page's story: each step's move, then what it changed."""
    return driver.execute_script(f"return {LOG_LINES}")


def open_page(driver, server: str, link: str) -> None:
    driver.get(server.rstrip("/") + link)
    WebDriverWait(driver, 30).until(lambda d: body_data(d, "ready") == "1")


def ready_to_act(driver, acted: str | None) -> bool:
    """The page shows the end, or this seat's moves in a view newer than the one acted on."""
    if shown(driver, "banner") or shown(driver, "failure"):
        return True
    if visible(driver, "curtain"):
        return True
    moves = driver.find_elements(By.CSS_SELECTOR, "#moves button")
    return bool(moves) and body_data(driver, "version") != acted


def click_a_move(driver, turn: int) -> str:
    """Clicks a legal move, on its piece when the picture has one (else in the list); the
    move's text."""
    buttons = driver.find_elements(By.CSS_SELECTOR, "#moves button")
    choice = buttons[(7 * turn) % len(buttons)]
    action, text = choice.get_attribute("data-action"), choice.text
    pieces = driver.find_elements(By.CSS_SELECTOR, f'#picture [data-action="{action}"].tb-legal')
    pieces = [p for p in pieces if "tb-seat" not in p.get_attribute("class")]
    (pieces[0] if pieces else choice).click()
    return text


def play_by_clicking(driver, snapshots: dict[int, tuple[str, list]] | None = None,
                     stop_after: int | None = None) -> int:
    """Plays this page's seats by clicking to the end (or for ``stop_after`` moves); the
    number of moves made. With ``snapshots``, keeps each step's picture and story as the page
    showed them."""
    acted = None
    made = 0
    for _ in range(1000):
        if made == stop_after:
            return made
        WebDriverWait(driver, 60).until(lambda d, acted=acted: ready_to_act(d, acted))
        if snapshots is not None:
            # One script reads all three, so a view arriving between reads cannot mix steps.
            step, svg, story = driver.execute_script(
                f"return [document.body.dataset.step, {PICTURE}, {LOG_LINES}]")
            snapshots[int(step)] = (as_sent(svg), story)
        if shown(driver, "banner") or shown(driver, "failure"):
            return made
        if visible(driver, "curtain"):
            driver.find_element(By.ID, "curtain-show").click()
            WebDriverWait(driver, 10).until(lambda d: not visible(d, "curtain"))
            continue
        version = body_data(driver, "version")
        if clicked(driver, made):
            acted = version
            made += 1
    raise AssertionError("the game did not end")


def clicked(driver, turn: int) -> bool:
    """Clicks a move if the page still offers one; False when a newer view replaced the page
    meanwhile (the bots' news at a simultaneous node), before anything was clicked."""
    try:
        if not driver.find_elements(By.CSS_SELECTOR, "#moves button"):
            return False
        click_a_move(driver, turn)
    except StaleElementReferenceException:
        return False
    return True


def fetch_record(driver, table: str, token: str) -> tb.GameRecord:
    """The record the page's "save record" downloads, fetched the same way."""
    text = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        f"fetch('/api/tables/{table}/record', {{headers: {{authorization: 'Bearer {token}'}}}})"
        ".then(r => r.text()).then(done);")
    return tb.GameRecord.from_dict(json.loads(text))


@pytest.mark.parametrize(("game_id", "params", "bot"), [
    ("good_fortune", {}, "ismcts:20ms"), ("color_mafia", {"players": 3}, "random"),
    ("fox_duet", {}, "pimc:4@1"), ("hoi_pho", {"players": 4}, "random")])
def test_a_whole_game_against_bots_by_clicking(browser, server, game_id, params, bot):
    game = tb.make(game_id, **params)
    seats = ["human"] + [bot] * (game.num_players - 1)
    made = open_table(server, game_id, seats, seed=21, **params)
    link = made["seats"][0]["link"]
    open_page(browser, server, link)
    snapshots: dict[int, tuple[str, list]] = {}
    moves = play_by_clicking(browser, snapshots)
    assert moves > 3 and not shown(browser, "failure")
    record = fetch_record(browser, made["table"], link.split("#token=")[1])
    states = list(tb.replay(record))
    assert shown(browser, "banner") and int(body_data(browser, "step")) == len(record.actions)
    # Every picture and story the page showed is the seat's own.
    for k, (svg, story) in snapshots.items():
        before = states[k - 1] if k else None
        actions = record.actions[k - 1] if k else None
        assert _canonical(svg) == _canonical(pictures.to_svg(states[k], 0, before, actions))
        assert [entry[1:] for entry in story] == [
            narrate(states[j], states[j + 1], 0, record.actions[j]) for j in range(k)]


def _canonical(svg: str) -> str:
    return ET.canonicalize(xml_data=svg)


def test_no_hidden_card_reaches_a_seats_page(browser, server):
    made = open_table(server, "fox_duet", ["random", "human"], seed=5)
    link = made["seats"][1]["link"]
    open_page(browser, server, link)
    snapshots: dict[int, tuple[str, list]] = {}
    play_by_clicking(browser, snapshots)
    record = fetch_record(browser, made["table"], link.split("#token=")[1])
    states = list(tb.replay(record))
    compared = 0
    for k, (svg, _) in snapshots.items():
        assert _face_down_in(svg) == _face_down(states[k], 1), k
        regions = {int(a) for a in re.findall(r'data-action="(\d+)"', svg)}
        assert not regions & _hidden_actions(states[k], 1), k
        if k:  # the same step from a position seat 1 cannot tell apart: the same picture
            other = states[k - 1].resample(1, seed=k)
            moved = other.clone()
            try:
                moved.apply_action(record.actions[k - 1])
            except ValueError:
                continue
            if pictures.view(moved, 1) == pictures.view(states[k], 1):
                assert _canonical(svg) == _canonical(
                    pictures.to_svg(moved, 1, other, record.actions[k - 1]))
                compared += 1
    assert compared > len(snapshots) // 3


def test_two_people_at_one_table_from_two_browsers(browser, second_browser, server):
    made = open_table(server, "color_mafia", ["human", "human", "random"], seed=8, players=3)
    pages = [browser, second_browser]
    for p, driver in enumerate(pages):
        open_page(driver, server, made["seats"][p]["link"])
    acted: list[str | None] = [None, None]
    turn = 0
    undone = False
    while not shown(browser, "banner"):
        WebDriverWait(browser, 60).until(
            lambda _, acted=acted: any(ready_to_act(d, acted[p]) for p, d in enumerate(pages)))
        if shown(browser, "banner"):
            break
        for p, driver in enumerate(pages):
            version = body_data(driver, "version")
            if ready_to_act(driver, acted[p]) and not shown(driver, "banner") \
                    and clicked(driver, turn):
                acted[p] = version
                turn += 1
        if turn >= 6 and not undone:  # player 0 asks to undo; player 1 agrees
            step = int(body_data(browser, "step"))
            WebDriverWait(browser, 30).until(
                lambda d: d.find_element(By.ID, "undo-ask").is_enabled())
            browser.find_element(By.ID, "undo-ask").click()
            WebDriverWait(second_browser, 30).until(
                lambda d: d.find_elements(By.XPATH, "//div[@id='undo']//button[.='agree']"))
            second_browser.find_element(By.XPATH, "//div[@id='undo']//button[.='agree']").click()
            WebDriverWait(browser, 30).until(
                lambda d, step=step: int(body_data(d, "step")) < step)
            acted = [None, None]
            undone = True
    WebDriverWait(second_browser, 30).until(lambda d: shown(d, "banner"))
    assert undone and shown(browser, "banner") == shown(second_browser, "banner")
    screenshot(second_browser, "serve_two_people")
    record = fetch_record(browser, made["table"], made["seats"][0]["link"].split("=")[1])
    assert record.bots == ["human", "human", "random"] and record.final_state().is_terminal()


def test_hot_seat_plays_every_human_seat_in_one_browser(browser, server):
    made = open_table(server, "good_fortune", ["human", "human"], seed=3)
    open_page(browser, server, made["hot_seat"])
    assert len(browser.find_elements(By.CSS_SELECTOR, "#seat-picker button")) == 2
    moves = play_by_clicking(browser)
    assert moves > 18 and shown(browser, "banner")


def test_the_saved_record_replays_on_the_replay_page_step_by_step(browser, server, tmp_path):
    made = open_table(server, "hoi_pho", ["human", "random", "random"], seed=4, players=3)
    link = made["seats"][0]["link"]
    open_page(browser, server, link)
    browser.execute_cdp_cmd("Page.setDownloadBehavior",
                            {"behavior": "allow", "downloadPath": str(tmp_path)})
    play_by_clicking(browser)
    story = log_lines(browser)
    browser.find_element(By.ID, "save").click()
    deadline = time.monotonic() + 20
    while not list(tmp_path.glob("*.jsonl")) and time.monotonic() < deadline:
        time.sleep(0.1)
    [saved] = list(tmp_path.glob("*.jsonl"))
    [record] = tb.load_records(saved)  # read and replayed, every step checked
    page = write_replay_page(saved, tmp_path / "replay.html")
    browser.get(page.resolve().as_uri())
    WebDriverWait(browser, 30).until(lambda d: body_data(d, "ready") == "0")
    states = list(tb.replay(record))
    body = browser.find_element(By.TAG_NAME, "body")
    last = len(record.actions)
    for k in range(1, last + 1):
        body.send_keys(Keys.ARROW_RIGHT)
        assert shown(browser, "step") == f"step {k} of {last}"
        board = browser.execute_script("return document.querySelector('#board svg').outerHTML")
        # captioned with the move that led to it, as the replay page draws every picture
        told = states[k].to_svg(before=states[k - 1], actions=record.actions[k - 1])
        assert _canonical(board) == _canonical(told)
        current = browser.find_element(By.CSS_SELECTOR, "#moves li.current .move").text
        assert current.replace(" · ", " ") in story[k - 1][0].replace(" · ", " ")
    assert "Game over" in shown(browser, "result")


def test_the_setup_page_opens_a_table_with_the_engines_errors_in_words(browser, server):
    browser.get(server)
    WebDriverWait(browser, 30).until(lambda d: body_data(d, "ready") == "1")
    Select(browser.find_element(By.ID, "game")).select_by_value("fox_duet")
    level = browser.find_element(By.ID, "param-level")
    level.clear()
    level.send_keys("9", Keys.TAB)
    with pytest.raises(ValueError) as engine:
        tb.make("fox_duet", level=9)
    WebDriverWait(browser, 10).until(lambda d: shown(d, "check") == str(engine.value))
    level.clear()
    level.send_keys("1", Keys.TAB)
    WebDriverWait(browser, 10).until(lambda d: shown(d, "check") == "")
    seat = browser.find_element(By.ID, "seat-1")
    seat.clear()
    seat.send_keys("pimc:4@1")
    screenshot(browser, "serve_setup")
    browser.find_element(By.ID, "create").click()
    WebDriverWait(browser, 10).until(lambda d: visible(d, "created"))
    links = browser.find_elements(By.CSS_SELECTOR, "#links a")
    assert [a.text for a in links] == ["player 0's seat",
                                       "hot seat: every human seat in one browser"]
    open_page(browser, server, links[0].get_attribute("href").removeprefix(server.rstrip("/")))
    assert "level 1" in picture(browser)
    play_by_clicking(browser, stop_after=8)
    screenshot(browser, "serve_table")
