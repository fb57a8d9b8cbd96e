// alert.js — "your turn" while the page is in the background (document.hidden): the tab's title changes to
// "▶ Your turn — pokerroom" until the page is visible again, and a short beep (Web Audio, no audio files) sounds
// once per turn unless the sound is switched off (the toggle's choice is remembered in localStorage).

import { t } from "./i18n.js";

const SOUND = "pokerroom_sound"; // localStorage: "off" when the beep is switched off

let alerting = false; // the title says it is your turn (until the page is visible)
let plainTitle = document.title;
let turnKey = null; // the turn last alerted for
let audio = null;

/** Whether the beep is on (the default). */
export function soundOn() {
  try {
    return localStorage.getItem(SOUND) !== "off";
  } catch {
    return true;
  }
}

/** Switch the beep on or off (remembered). */
export function setSound(on) {
  try {
    if (on) localStorage.removeItem(SOUND);
    else localStorage.setItem(SOUND, "off");
  } catch {
    // not remembered: the choice holds for this page
  }
}

/** The AudioContext, made on a user's gesture (browsers start it suspended otherwise). */
function context() {
  if (!audio) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    audio = new Ctx();
  }
  return audio;
}

/** A short two-tone beep (0.25 s). */
export function beep() {
  const ac = context();
  if (!ac) return;
  if (ac.state === "suspended") ac.resume().catch(() => {});
  const now = ac.currentTime;
  const gain = ac.createGain();
  gain.gain.setValueAtTime(0.0001, now);
  gain.gain.exponentialRampToValueAtTime(0.2, now + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.25);
  gain.connect(ac.destination);
  const osc = ac.createOscillator();
  osc.type = "sine";
  osc.frequency.setValueAtTime(660, now);
  osc.frequency.setValueAtTime(880, now + 0.11);
  osc.connect(gain);
  osc.start(now);
  osc.stop(now + 0.26);
}

/** The page's title when it is not alerting (table.js sets it through here so an alert is not overwritten). */
export function setTitle(text) {
  plainTitle = text;
  if (!alerting) document.title = text;
}

/** Called on every state: `turn` names your decision (null when it is not your turn). A new turn while the page
 *  is hidden changes the title and beeps once. */
export function yourTurn(turn) {
  if (turn === null) {
    turnKey = null;
    return;
  }
  if (turn === turnKey) return;
  turnKey = turn;
  if (!document.hidden) return;
  alerting = true;
  document.title = t("alert.title");
  if (soundOn()) beep();
}

document.addEventListener("visibilitychange", () => {
  if (document.hidden || !alerting) return;
  alerting = false;
  document.title = plainTitle;
});
// an AudioContext may only start after a gesture: make it on the first one
for (const type of ["pointerdown", "keydown"]) {
  document.addEventListener(type, () => soundOn() && context(), { once: true, capture: true });
}
