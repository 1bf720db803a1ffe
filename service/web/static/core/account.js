// The account this browser is signed in with (optional): its key, kept in localStorage
// (foxden:account), acts for every seat the account holds, so no per-game token is kept for
// them. Signed out, the page plays anonymously with the seat tokens of core/tokens.js.
import { api } from "./api.js";
import { heldSeats } from "./tokens.js";

const KEY = "foxden:account";
const OWNER = (id) => `foxden:owner:${id}`;

// {key, id, handle, kind} or null.
export function account() {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) || "null");
    return stored && typeof stored.key === "string" && typeof stored.id === "string" ? stored : null;
  } catch {
    return null;
  }
}

export const accountKey = () => account()?.key || null;

// Checks the key with GET /v1/me and keeps it; an ApiError (401) for a key the service refuses.
export async function signIn(key) {
  const me = await api.me(key.trim());
  const kept = { key: key.trim(), id: me.id, handle: me.handle, kind: me.kind };
  localStorage.setItem(KEY, JSON.stringify(kept));
  window.dispatchEvent(new CustomEvent("foxden:account"));
  return kept;
}

export function signOut() {
  localStorage.removeItem(KEY);
  window.dispatchEvent(new CustomEvent("foxden:account"));
}

// The seats this browser can play at a game: the seat tokens kept here, and the seat of the
// signed-in account (the summary's seats[].account), whose token is the account key.
export function seatsHere(id, summary) {
  const held = heldSeats(id);
  const me = account();
  const mine = me ? summary?.seats?.find((s) => s.account === me.id) : null;
  if (mine && !held.some((s) => s.seat === mine.seat)) {
    held.push({ seat: mine.seat, token: me.key, name: me.handle, account: true });
    held.sort((a, b) => a.seat - b.seat);
  }
  return held;
}

// The seat this browser plays at the table now (the one last chosen, else the first held).
export function activeSeatHere(id, summary) {
  const held = seatsHere(id, summary);
  const chosen = Number(localStorage.getItem(`foxden:active:${id}`));
  return held.find((s) => s.seat === chosen) || held[0] || null;
}

// The owner token of an anonymous table created in this browser (it cancels the table).
export const ownerToken = (id) => localStorage.getItem(OWNER(id));
export const keepOwnerToken = (id, token) => token && localStorage.setItem(OWNER(id), token);
export const forgetOwnerToken = (id) => localStorage.removeItem(OWNER(id));
