// The table page: one seat's view, sent by the server after every change over a WebSocket.
// The link's token is in the address's #token= part (never sent in a request line) and goes
// to the server in the socket's first message. Text from the server is written as text; the
// picture is the server's own SVG.
"use strict";
const $ = (id) => document.getElementById(id);
const tableId = location.pathname.split("/").pop();
const token = new URLSearchParams(location.hash.slice(1)).get("token") || "";
let socket = null;
let view = null;          // the last view the server sent
let openSeats = [];       // the seats this link opens (several: hot seat)
let shownSeat = null;     // the seat whose view the curtain last let through

function send(message) { socket.send(JSON.stringify(message)); }

function move(action) {
  $("message").textContent = "";
  send({type: "move", step: view.step, action: action});
}

function item(text, className) {
  const li = document.createElement("li");
  li.textContent = text;
  if (className) li.className = className;
  return li;
}

function button(text, onclick) {
  const b = document.createElement("button");
  b.textContent = text;
  b.addEventListener("click", onclick);
  return b;
}

function showPicture(message) {
  const box = $("picture");
  box.innerHTML = message.svg;
  for (const m of message.moves) {
    for (const piece of box.querySelectorAll(`[data-action="${m.action}"]`)) {
      piece.classList.add("tb-legal");
      piece.addEventListener("click", () => move(m.action));
    }
  }
}

function showMoves(message) {
  const box = $("moves");
  box.textContent = "";
  for (const m of message.moves) {
    const b = button(m.text, () => move(m.action));
    b.dataset.action = m.action;
    box.append(b);
  }
}

function showUndo(message) {
  const box = $("undo");
  box.textContent = "";
  const asked = message.undo.asked;
  $("undo-ask").disabled = !message.undo.can_ask || asked !== null;
  if (asked === null) return;
  const p = document.createElement("p");
  p.textContent = `player ${asked.by} asks to go back to step ${asked.to}; ` +
    (asked.waiting.length ? `waiting for player ${asked.waiting.join(", ")}` : "");
  box.append(p);
  if (asked.waiting.includes(message.seat)) {
    box.append(button("agree", () => send({type: "undo"})),
               button("refuse", () => send({type: "refuse_undo"})));
  }
}

function showLog(message) {
  const list = $("log");
  list.textContent = "";
  for (const entry of message.log) {
    const li = item(entry.move);
    const told = document.createElement("ul");
    for (const line of entry.told) told.append(item(line, "told"));
    li.append(told);
    list.append(li);
  }
  list.scrollTop = list.scrollHeight;  // the latest step in view, the rest of the page kept
}

function nextHotSeat(message) {
  // Hot seat: the next human seat of this link that must choose, when the shown one need not.
  if (openSeats.length < 2 || message.moves.length) return null;
  const waiting = message.seats.filter((s) => s.acting && !s.chosen && openSeats.includes(s.seat));
  return waiting.length ? waiting[0].seat : null;
}

function render(message) {
  view = message;
  document.title = `tablebits: ${message.game}`;
  $("title").textContent = message.game;
  $("you").textContent = message.seat === null ? "watching: everything" :
    `you are player ${message.seat} · step ${message.step}`;
  showPicture(message);
  showMoves(message);
  const thinking = message.seats.some((s) => s.thinking);
  $("turn").textContent = message.turn;
  $("turn").className = thinking ? "thinking" : "";
  $("chosen").textContent = message.chosen ? `your choice: ${message.chosen}` : "";
  $("banner").textContent = message.result || "";
  $("failure").textContent = message.failure ? `This table has ended: ${message.failure}` : "";
  $("save").disabled = !message.result;
  showUndo(message);
  const players = $("players");
  players.textContent = "";
  for (const s of message.seats) {
    const state = s.thinking ? " · thinking" : s.acting ? (s.chosen ? " · has chosen" : " · to act") : "";
    players.append(item(`player ${s.seat}: ${s.player}` + (s.seat === message.seat ? " (you)" : "") + state));
  }
  showLog(message);
  const next = nextHotSeat(message);
  if (next !== null) {
    $("curtain-text").textContent = `player ${next}'s turn: pass the screen to player ${next}`;
    $("curtain").dataset.seat = next;
    $("curtain").hidden = false;
  } else if (message.seat === shownSeat || openSeats.length < 2) {
    $("curtain").hidden = true;
  }
  document.body.dataset.step = message.step;
  document.body.dataset.version = message.version;
  document.body.dataset.ready = "1";
}

async function saveRecord() {
  const answer = await fetch(`/api/tables/${tableId}/record`,
                             {headers: {authorization: `Bearer ${token}`}});
  if (!answer.ok) { $("message").textContent = (await answer.json()).error; return; }
  const a = document.createElement("a");
  a.href = URL.createObjectURL(await answer.blob());
  a.download = `tablebits-${tableId}.jsonl`;
  a.click();
}

function showSeatPicker() {
  const box = $("seat-picker");
  box.textContent = "";
  if (openSeats.length < 2) return;
  for (const seat of openSeats) {
    box.append(button(seat === null ? "everything" : `player ${seat}`, () => {
      shownSeat = seat;
      send({type: "view", seat: seat});
    }));
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${tableId}`);
  socket.addEventListener("open", () => send({type: "hello", token: token, seat: null}));
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "welcome") {
      openSeats = message.seats;
      shownSeat = message.seat;
      showSeatPicker();
    } else if (message.type === "table") {
      render(message);
    } else if (message.type === "error") {
      $("message").textContent = message.message;
    }
  });
  socket.addEventListener("close", () => {
    if (!$("message").textContent) $("message").textContent = "the connection to the server is closed";
  });
}

$("undo-ask").addEventListener("click", () => send({type: "undo"}));
$("save").addEventListener("click", saveRecord);
$("curtain-show").addEventListener("click", () => {
  const seat = Number($("curtain").dataset.seat);
  shownSeat = seat;
  $("curtain").hidden = true;
  send({type: "view", seat: seat});
});
connect();
