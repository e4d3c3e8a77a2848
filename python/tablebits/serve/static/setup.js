// The setup page: a game, its parameters (checked by the engine as they are typed), and a
// person or a bot at each seat. Everything shown from the server is written as text.
"use strict";
const $ = (id) => document.getElementById(id);
let games = [];

function paramValue(text) {
  try { return JSON.parse(text); } catch (e) { return text; }  // a bare word is a string
}

function chosenGame() {
  return games.find((g) => g.id === $("game").value);
}

function chosenParams() {
  const game = chosenGame();
  const params = {};
  for (const input of document.querySelectorAll("#params input")) {
    if (input.value !== JSON.stringify(game.params[input.name])) {
      params[input.name] = paramValue(input.value);
    }
  }
  return params;
}

function labelledInput(box, text, id) {
  // One row of the form, a label and its input, added to box; returns the input.
  const row = document.createElement("div");
  row.className = "row";
  const label = document.createElement("label");
  label.textContent = text;
  label.htmlFor = id;
  const input = document.createElement("input");
  input.id = id;
  row.append(label, input);
  box.append(row);
  return input;
}

function showSeats(count) {
  const box = $("seats");
  const old = [...box.querySelectorAll("input")].map((i) => i.value);
  box.textContent = "";
  for (let p = 0; p < count; p++) {
    const input = labelledInput(box, `player ${p}`, `seat-${p}`);
    input.setAttribute("list", "bots");
    input.value = old[p] || (p === 0 ? "human" : "ismcts:20ms");
  }
}

// Checks run concurrently and may answer out of order: only the latest one's answer counts,
// or an older error could stay on screen after the parameters were corrected.
let latestCheck = 0;

async function check() {
  const mine = ++latestCheck;
  const answer = await fetch("/api/check", {method: "POST",
    body: JSON.stringify({game: $("game").value, params: chosenParams()})});
  const data = await answer.json();
  if (mine !== latestCheck) return;
  $("check").textContent = answer.ok ? "" : data.error;
  if (answer.ok) showSeats(data.players);
}

function showParams() {
  const game = chosenGame();
  const box = $("params");
  box.textContent = "";
  for (const [name, value] of Object.entries(game.params)) {
    const input = labelledInput(box, name, `param-${name}`);
    input.name = name;
    input.className = "param";
    input.value = JSON.stringify(value);
    input.addEventListener("change", check);
  }
  $("seats").textContent = "";
  showSeats(game.players);
}

function link(text, href) {
  const a = document.createElement("a");
  a.href = href;
  a.target = "_blank";
  a.textContent = text;
  return a;
}

async function create() {
  $("problem").textContent = "";
  const seed = $("seed").value.trim();
  const request = {game: $("game").value, params: chosenParams(),
    seats: [...document.querySelectorAll("#seats input")].map((i) => i.value)};
  if (seed) request.seed = paramValue(seed);
  const answer = await fetch("/api/tables", {method: "POST", body: JSON.stringify(request)});
  const data = await answer.json();
  if (!answer.ok) { $("problem").textContent = data.error; return; }
  const list = $("links");
  list.textContent = "";
  for (const seat of data.seats) {
    const item = document.createElement("li");
    if (seat.link) item.append(link(`player ${seat.seat}'s seat`, seat.link));
    else item.textContent = `player ${seat.seat}: ${seat.player}`;
    list.append(item);
  }
  const item = document.createElement("li");
  const humans = data.seats.filter((s) => s.link).length;
  item.append(link(humans ? "hot seat: every human seat in one browser" : "watch the bots play",
                   data.hot_seat));
  list.append(item);
  $("created").hidden = false;
}

async function start() {
  games = await (await fetch("/api/games")).json();
  for (const game of games) {
    const option = document.createElement("option");
    option.value = game.id;
    option.textContent = game.name;
    $("game").append(option);
  }
  $("game").addEventListener("change", showParams);
  $("create").addEventListener("click", create);
  showParams();
  document.body.dataset.ready = "1";
}

start();
