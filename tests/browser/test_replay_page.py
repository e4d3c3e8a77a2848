"""The replay page in a real browser: keys, buttons, slider, seat and game pickers.

Every picture the page shows is compared with ``to_svg`` of the state replayed in Python after
the same number of actions, so the page can only pass by showing the right position.
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


def board(driver) -> str:
    return driver.execute_script("return document.querySelector('#board svg').outerHTML")


def text(driver, element_id: str) -> str:
    return driver.find_element(By.ID, element_id).text


def current_move(driver) -> list[str]:
    return [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#moves li.current")]


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
    assert canonical(board(browser)) == canonical(states[0].to_svg())
    assert current_move(browser) == []
    body = browser.find_element(By.TAG_NAME, "body")
    for k in (1, 2, 3):
        body.send_keys(Keys.ARROW_RIGHT)
        assert text(browser, "step") == f"step {k} of {last}"
        assert current_move(browser) == [f"{k}player {record.players[k - 1]}: "
                                         f"{record.strings[k - 1]}"]
        assert canonical(board(browser)) == canonical(states[k].to_svg())
    body.send_keys(Keys.ARROW_LEFT)
    assert text(browser, "step") == f"step 2 of {last}"
    assert canonical(board(browser)) == canonical(states[2].to_svg())
    assert not browser.find_element(By.ID, "result").is_displayed()
    body.send_keys(Keys.END)
    assert text(browser, "step") == f"step {last} of {last}"
    assert canonical(board(browser)) == canonical(states[last].to_svg())
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
    assert canonical(board(browser)) == canonical(states[7].to_svg())
    seat = Select(browser.find_element(By.ID, "seat"))
    assert [o.text for o in seat.options] == ["everything", "player 0's view", "player 1's view"]
    for view in (0, 1):
        seat.select_by_index(view + 1)
        shown = board(browser)
        assert canonical(shown) == canonical(states[7].to_svg(view))
        partner = states[7].to_dict()["hands"][1 - view]
        known = states[7].to_dict()["known"][1 - view]
        assert shown.count('class="tb-hidden"') == len(partner) - len(known)
    browser.find_element(By.ID, "moves").find_elements(By.TAG_NAME, "li")[4].click()
    assert text(browser, "step") == f"step 5 of {len(states) - 1}"
    assert canonical(board(browser)) == canonical(states[5].to_svg(1))  # the view stays


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
    assert canonical(board(browser)) == canonical(states[0].to_svg())
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
    assert canonical(board(browser)) == canonical(states_of(record)[0].to_svg())
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
    assert canonical(board(browser)) == canonical(states[5].to_svg())
    assert browser.find_element(By.ID, "game-box").is_displayed() is False
    shots = Path(os.environ.get("TABLEBITS_SCREENSHOTS", tmp_path))
    if game_id == "fox_duet":  # the docs' picture of the page
        body.send_keys(Keys.ARROW_RIGHT)
        browser.save_screenshot(str(shots / "replay_page.png"))
