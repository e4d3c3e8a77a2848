"""The replay page in a real browser: keys, buttons, slider, seat and game pickers.

Every picture the page shows is compared with ``to_svg`` of the state replayed in Python after
the same number of actions (captioned with the action before it), so the page can only pass by
showing the right position.
"""

from __future__ import annotations

import dataclasses
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

import tablebits as tb
from tablebits.pictures.page import replay_page, write_replay_page

RECORDS = Path(__file__).parents[1] / "data" / "records"


def canonical(svg: str) -> str:
    return ET.canonicalize(xml_data=svg)


def states_of(record: tb.GameRecord) -> list[tb.State]:
    return list(tb.replay(record))


def picture(states: list[tb.State], step: int, seat: int | None = None) -> str:
    """The picture the page shows after ``step`` moves: captioned with the move before it."""
    return states[step].to_svg(seat, states[step - 1] if step else None)


def board(driver) -> str:
    return driver.execute_script("return document.querySelector('#board svg').outerHTML")


def text(driver, element_id: str) -> str:
    return driver.find_element(By.ID, element_id).text


def current_move(driver) -> list[str]:
    """The highlighted move's number and text (the lines that tell it left out)."""
    return [li.find_element(By.CLASS_NAME, "n").text + li.find_element(By.CLASS_NAME, "move").text
            for li in driver.find_elements(By.CSS_SELECTOR, "#moves li.current")]


def open_page(driver, path: Path, ready: str = "0") -> None:
    driver.get(path.resolve().as_uri())
    WebDriverWait(driver, 30).until(
        lambda d: d.execute_script("return document.body.dataset.ready") == ready)


@pytest.fixture(scope="module")
def fox_page(tmp_path_factory) -> tuple[Path, list[tb.GameRecord]]:
    source = RECORDS / "fox_duet.jsonl"
    out = tmp_path_factory.mktemp("page") / "fox.html"
    write_replay_page(source, out)
    return out, tb.load_records(source)


def test_arrow_keys_step_through_the_game(browser, fox_page):
    path, records = fox_page
    record = records[0]
    states = states_of(record)
    last = len(record.actions)
    open_page(browser, path)
    assert text(browser, "step") == f"step 0 of {last}"
    assert canonical(board(browser)) == canonical(picture(states, 0))
    assert current_move(browser) == []
    body = browser.find_element(By.TAG_NAME, "body")
    for k in (1, 2, 3):
        body.send_keys(Keys.ARROW_RIGHT)
        assert text(browser, "step") == f"step {k} of {last}"
        assert current_move(browser) == [f"{k}player {record.players[k - 1]}: "
                                         f"{record.strings[k - 1]}"]
        assert canonical(board(browser)) == canonical(picture(states, k))
    body.send_keys(Keys.ARROW_LEFT)
    assert text(browser, "step") == f"step 2 of {last}"
    assert canonical(board(browser)) == canonical(picture(states, 2))
    assert not browser.find_element(By.ID, "result").is_displayed()
    body.send_keys(Keys.END)
    assert text(browser, "step") == f"step {last} of {last}"
    assert canonical(board(browser)) == canonical(picture(states, last))
    result = browser.find_element(By.ID, "result")
    assert result.is_displayed() and f"after {last} moves" in result.text
    body.send_keys(Keys.HOME)
    assert text(browser, "step") == f"step 0 of {last}"


def test_buttons_slider_and_seat_views(browser, fox_page):
    path, records = fox_page
    states = states_of(records[0])
    open_page(browser, path)
    browser.find_element(By.ID, "next").click()
    browser.find_element(By.ID, "next").click()
    browser.find_element(By.ID, "prev").click()
    assert text(browser, "step") == f"step 1 of {len(states) - 1}"
    browser.execute_script(
        "const s = document.getElementById('slider'); s.value = '7';"
        "s.dispatchEvent(new Event('input'));")
    assert canonical(board(browser)) == canonical(picture(states, 7))
    seat = Select(browser.find_element(By.ID, "seat"))
    assert [o.text for o in seat.options] == ["everything", "player 0's view", "player 1's view"]
    for view in (0, 1):
        seat.select_by_index(view + 1)
        shown = board(browser)
        assert canonical(shown) == canonical(picture(states, 7, view))
        partner = states[7].to_dict()["hands"][1 - view]
        known = states[7].to_dict()["known"][1 - view]
        assert shown.count('class="tb-hidden"') == len(partner) - len(known)
    browser.find_element(By.ID, "moves").find_elements(By.TAG_NAME, "li")[4].click()
    assert text(browser, "step") == f"step 5 of {len(states) - 1}"
    assert canonical(board(browser)) == canonical(picture(states, 5, 1))  # the view stays


def test_the_game_picker_loads_each_game(browser, fox_page):
    path, records = fox_page
    open_page(browser, path)
    picker = Select(browser.find_element(By.ID, "game"))
    assert len(picker.options) == len(records) >= 2
    picker.select_by_index(2)
    WebDriverWait(browser, 30).until(
        lambda d: d.execute_script("return document.body.dataset.ready") == "2")
    states = states_of(records[2])
    assert text(browser, "step") == f"step 0 of {len(records[2].actions)}"
    assert canonical(board(browser)) == canonical(picture(states, 0))
    assert f"seed {records[2].seed}" in text(browser, "info")


#: Every face-down card on the board (found by its title, whatever its class): its box, whether
#: it is displayed, and whether it is what the browser shows at its centre (not covered).
FACE_DOWN = """
return Array.from(document.querySelectorAll('#board g'))
  .filter((g) => g.querySelector(':scope > title')?.textContent === 'a face-down card')
  .map((g) => {
    g.scrollIntoView({block: 'center', inline: 'center'});
    const box = g.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {width: box.width, height: box.height, display: getComputedStyle(g).display,
            onTop: g.contains(hit)};
  });
"""


def hidden_cards(state: tb.State, seat: int) -> int:
    """The cards of the other players that ``seat`` does not know (from the state dict)."""
    d = state.to_dict()
    return sum(len(hand) - len(d["known"][p]) for p, hand in enumerate(d["hands"])
               if p != seat)


@pytest.mark.parametrize("game_id", ["fox_duet", "hoi_pho"])
def test_each_seat_view_shows_its_face_down_cards(browser, tmp_path, game_id):
    record = tb.load_records(RECORDS / f"{game_id}.jsonl")[0]
    out = write_replay_page([record], tmp_path / f"{game_id}.html")
    states = states_of(record)
    open_page(browser, out)
    body = browser.find_element(By.TAG_NAME, "body")
    for _ in range(3):
        body.send_keys(Keys.ARROW_RIGHT)
    seat = Select(browser.find_element(By.ID, "seat"))
    assert browser.execute_script(FACE_DOWN) == []  # "everything": every hand face up
    for view in range(len(record.bots)):
        seat.select_by_index(view + 1)
        cards = browser.execute_script(FACE_DOWN)
        assert len(cards) == hidden_cards(states[3], view) > 0
        for card in cards:
            assert card["display"] != "none" and card["onTop"], card
            assert card["width"] > 20 and card["height"] > 30, card


#: Text that ends or hides the page's data script if written into it as it is.
HOSTILE_NAMES = ["<!--<script>",
                 "</script><script>alert(1)</script> ]]> \u2028\u2029 &amp; __DATA__"]


def test_hostile_bot_names_show_as_text(browser, tmp_path):
    record = tb.load_records(RECORDS / "fox_duet.jsonl")[0]
    record = dataclasses.replace(record, bots=HOSTILE_NAMES)
    title = "<!--<script>alert(2)</script> __DATA__"
    out = tmp_path / "hostile.html"
    out.write_text(replay_page([record], title=title), encoding="utf-8")
    open_page(browser, out)  # a blank page never gets ready
    with pytest.raises(NoAlertPresentException):
        browser.switch_to.alert.text  # noqa: B018 - no script of the names ran
    info = browser.execute_script("return document.getElementById('info').textContent")
    assert info.endswith(f"; player 0: {HOSTILE_NAMES[0]}, player 1: {HOSTILE_NAMES[1]}")
    assert browser.title == title
    assert canonical(board(browser)) == canonical(picture(states_of(record), 0))
    assert len(browser.find_elements(By.TAG_NAME, "script")) == 2


@pytest.mark.parametrize("game_id", tb.games())
def test_every_game_plays_back(browser, tmp_path, game_id):
    records = tb.load_records(RECORDS / f"{game_id}.jsonl")[:1]
    out = write_replay_page(records, tmp_path / f"{game_id}.html")
    states = states_of(records[0])
    open_page(browser, out)
    body = browser.find_element(By.TAG_NAME, "body")
    for _ in range(5):
        body.send_keys(Keys.ARROW_RIGHT)
    assert canonical(board(browser)) == canonical(picture(states, 5))
    assert browser.find_element(By.ID, "game-box").is_displayed() is False
    shots = Path(os.environ.get("TABLEBITS_SCREENSHOTS", tmp_path))
    if game_id == "fox_duet":  # the docs' picture of the page
        body.send_keys(Keys.ARROW_RIGHT)
        browser.save_screenshot(str(shots / "replay_page.png"))


def ready(driver, game: str) -> None:
    WebDriverWait(driver, 30).until(
        lambda d: d.execute_script("return document.body.dataset.ready") == game)


def link(driver) -> str:
    return driver.execute_script("return location.hash")


def test_deep_links_are_read_and_written(browser, fox_page):
    path, records = fox_page
    states = states_of(records[2])
    last = len(records[2].actions)
    browser.get(path.resolve().as_uri() + "#game=2&step=10&view=1")
    ready(browser, "2")
    assert Select(browser.find_element(By.ID, "game")).first_selected_option.text.startswith("2:")
    assert text(browser, "step") == f"step 10 of {last}"
    assert Select(browser.find_element(By.ID, "seat")).first_selected_option.text == \
        "player 1's view"
    assert canonical(board(browser)) == canonical(picture(states, 10, 1))
    browser.find_element(By.ID, "next").click()
    assert link(browser) == "#game=2&step=11&view=1"
    Select(browser.find_element(By.ID, "seat")).select_by_index(0)
    assert link(browser) == "#game=2&step=11"
    # An address typed by hand is followed: another game, and a step past the end.
    browser.execute_script("location.hash = '#game=1&step=3&view=0'")
    ready(browser, "1")
    WebDriverWait(browser, 10).until(lambda d: text(d, "step").startswith("step 3 "))
    assert canonical(board(browser)) == canonical(picture(states_of(records[1]), 3, 0))
    browser.execute_script("location.hash = '#game=1&step=99999'")
    WebDriverWait(browser, 10).until(
        lambda d: link(d) == f"#game=1&step={len(records[1].actions)}")
    assert browser.find_element(By.ID, "result").is_displayed()
    # Nonsense is ignored: the first game, its start, everything.
    browser.get(path.resolve().as_uri() + "#game=99&step=-4&view=x")
    ready(browser, "0")
    assert text(browser, "step") == f"step 0 of {len(records[0].actions)}"
    assert link(browser) == "#game=0&step=0"


def move_item(driver, step: int) -> dict[str, object]:
    """The move list's entry of ``step``: its move, its told lines, and how many lines each
    simultaneous choice takes on screen."""
    return driver.execute_script("""
        const li = document.querySelectorAll('#moves li')[arguments[0] - 1];
        return {move: li.querySelector('.move').textContent,
                told: Array.from(li.querySelectorAll('.told div'), (d) => d.textContent),
                choiceLines: Array.from(li.querySelectorAll('.choice'),
                                        (c) => c.getClientRects().length)};
    """, step)


def test_each_move_is_told_beside_it(browser, tmp_path):
    # Color Mafia, the first record: coins B, R, W, G at step 1, chips B, RR, RRR, G, then at
    # step 6 coins W, B, Y, B: players 1 and 3 both show blue, a collision (rules).
    record = tb.load_records(RECORDS / "color_mafia.jsonl")[0]
    assert record.strings[5] == ["coin W", "coin B", "coin Y", "coin B"]
    out = write_replay_page([record], tmp_path / "color_mafia.html")
    open_page(browser, out)
    first = move_item(browser, 1)
    assert first["move"] == ("at once: player 0: coin B \u00b7 player 1: coin R \u00b7 "
                             "player 2: coin W \u00b7 player 3: coin G")
    assert first["choiceLines"] == [1, 1, 1, 1]  # a choice is never split across lines
    assert move_item(browser, 2)["move"] == "player 0: chips B"
    assert any("B" in line and "player 0" in line for line in move_item(browser, 2)["told"])
    sixth = move_item(browser, 6)
    told = " ".join(sixth["told"]).lower()
    assert "collision" in told and "blue" in told and "1" in told and "3" in told
    for view in range(1, 5):  # every view tells the public collision
        Select(browser.find_element(By.ID, "seat")).select_by_index(view)
        assert "collision" in " ".join(move_item(browser, 6)["told"]).lower()


@pytest.mark.parametrize(("game_id", "index", "result"), [
    # returns [0, 1, 0, 0], contracts 0, 3, 2, 1: player 1 (a random bot) has the most
    ("hoi_pho", 0, "Player 1 (random) wins. Scores: player 0 0, player 1 3, player 2 2, "
                   "player 3 1. Game over after 34 moves."),
    ("good_fortune", 0, "Player 0 (ismcts:100) wins. Scores: player 0 15, player 1 1. "
                        "Game over after 36 moves."),
    ("fox_duet", 0, "The team loses (score 0). Game over after 46 moves."),  # cooperative
])
def test_the_result_says_who_won(browser, tmp_path, game_id, index, result):
    record = tb.load_records(RECORDS / f"{game_id}.jsonl")[index]
    out = write_replay_page([record], tmp_path / "page.html")
    open_page(browser, out)
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.END)
    assert text(browser, "result") == result


#: Where everything the reader needs sits in the window, and how far the picture is scaled.
LAYOUT = """
const inside = (e) => { const r = e.getBoundingClientRect();
  return r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5
         && r.bottom <= innerHeight + 0.5; };
const svg = document.querySelector('#board svg');
const box = svg.getBoundingClientRect(), view = svg.viewBox.baseVal;
const list = document.getElementById('moves').getBoundingClientRect();
const move = document.querySelector('#moves li.current .move');
const seen = move && move.getBoundingClientRect();
return {page: [document.documentElement.scrollWidth, document.documentElement.scrollHeight,
               innerWidth, innerHeight],
        board: inside(svg), scale: Math.min(box.width / view.width, box.height / view.height),
        controls: ['first', 'prev', 'next', 'last', 'slider', 'step', 'seat']
          .filter((id) => !inside(document.getElementById(id))),
        move: move === null || (inside(move) && seen.top >= list.top - 0.5
                                && seen.bottom <= list.bottom + 0.5),
        result: getComputedStyle(document.getElementById('result')).display === 'none'
                || inside(document.getElementById('result'))};
"""


@pytest.mark.parametrize(("game_id", "index"), [
    ("good_fortune", 0), ("color_mafia", 0), ("fox_duet", 0), ("hoi_pho", 0),
    ("hoi_pho", 2),  # 5 players, the tallest picture
])
def test_the_page_fits_a_1280_by_720_window(browser, tmp_path, game_id, index):
    record = tb.load_records(RECORDS / f"{game_id}.jsonl")[index]
    out = write_replay_page([record], tmp_path / "page.html")
    last = len(record.actions)
    browser.set_window_size(1280, 720)  # the window: the page gets less than 720 pixels
    try:
        for step in (0, 1, last // 2, last):
            browser.get(out.resolve().as_uri() + f"#game=0&step={step}")
            ready(browser, "0")
            layout = browser.execute_script(LAYOUT)
            width, height, inner_width, inner_height = layout["page"]
            assert inner_width == 1280 and inner_height <= 720
            assert width <= inner_width and height <= inner_height, layout  # no scrollbar
            assert layout["board"] and layout["controls"] == [], layout
            assert layout["move"] and layout["result"], layout
            assert layout["scale"] >= 0.55, layout  # the picture is scaled, not shrunk away
    finally:
        browser.set_window_size(1400, 1000)
