// The tamper-evident log of archived games, checked here with WebCrypto (docs/fairness.md,
// "Checking that a game is in the log"), as events/transparency.py and service/log_audit.py do
// on the server and in `foxden audit`:
//   leaf_hash = SHA-256(0x00 ‖ leaf)         node_hash = SHA-256(0x01 ‖ left ‖ right)   (RFC 9162)
//   the inclusion and consistency proofs of RFC 9162 §2.1.3.2 and §2.1.4.2;
//   a checkpoint "<origin>\n<size>\n<base64 root>\n" in a C2SP signed note, Ed25519-signed;
//   a verifier key "<name>+<hex key id>+<base64(0x01 ‖ 32-byte public key)>".
// Tree sizes go up to 2^53 − 1: indices are halved with arithmetic, never with 32-bit bit ops.

const utf8 = new TextEncoder();
const EM_DASH = "\u2014";
const HASH_SIZE = 32;

export class LogError extends Error {}

const concat = (...parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

const sha256 = async (bytes) => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
export const leafHash = (leaf) => sha256(concat([0], typeof leaf === "string" ? utf8.encode(leaf) : leaf));
export const nodeHash = (left, right) => sha256(concat([1], left, right));

export const equalBytes = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
export const toHex = (bytes) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");

// Standard base64 with padding, only in its canonical form (as the server writes it); null otherwise.
export function fromBase64(text) {
  if (typeof text !== "string" || text.length % 4 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  let raw;
  try {
    raw = atob(text);
  } catch {
    return null;
  }
  const bytes = Uint8Array.from(raw, (c) => c.charCodeAt(0));
  return toBase64(bytes) === text ? bytes : null;
}

export const toBase64 = (bytes) => btoa(String.fromCharCode(...bytes));

const odd = (n) => n % 2 === 1;
const half = (n) => Math.floor(n / 2);
const powerOfTwo = (n) => {
  while (n > 1 && !odd(n)) n = half(n);
  return n === 1;
};
const isHash = (h) => h instanceof Uint8Array && h.length === HASH_SIZE;

// RFC 9162 §2.1.3.2: does `proof` lead from leaf `index` (hash `leaf`) of a tree of `size` to `root`?
export async function verifyInclusion(leaf, index, size, proof, root) {
  if (!(Number.isSafeInteger(index) && Number.isSafeInteger(size) && index >= 0 && index < size)) return false;
  if (![leaf, root, ...proof].every(isHash)) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      r = await nodeHash(p, r);
      while (!odd(fn) && fn !== 0) [fn, sn] = [half(fn), half(sn)];
    } else {
      r = await nodeHash(r, p);
    }
    [fn, sn] = [half(fn), half(sn)];
  }
  return sn === 0 && equalBytes(r, root);
}

// RFC 9162 §2.1.4.2: is the tree of size m (root `oldRoot`) a prefix of the one of size n?
// Defined for 0 < m ≤ n; for m = n the proof is empty and the roots equal.
export async function verifyConsistency(m, n, oldRoot, newRoot, proof) {
  if (!(Number.isSafeInteger(m) && Number.isSafeInteger(n) && m > 0 && m <= n)) return false;
  if (![oldRoot, newRoot, ...proof].every(isHash)) return false;
  if (m === n) return proof.length === 0 && equalBytes(oldRoot, newRoot);
  if (!proof.length) return false;
  const path = powerOfTwo(m) ? [oldRoot, ...proof] : [...proof];
  let fn = m - 1;
  let sn = n - 1;
  while (odd(fn)) [fn, sn] = [half(fn), half(sn)];
  let fr = path[0];
  let sr = path[0];
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      [fr, sr] = [await nodeHash(c, fr), await nodeHash(c, sr)];
      while (!odd(fn) && fn !== 0) [fn, sn] = [half(fn), half(sn)];
    } else {
      sr = await nodeHash(sr, c);
    }
    [fn, sn] = [half(fn), half(sn)];
  }
  return sn === 0 && equalBytes(fr, oldRoot) && equalBytes(sr, newRoot);
}

// --- keys, signed notes, checkpoints (C2SP signed-note and tlog-checkpoint) ------------------

const CONTROL = /[\x00-\x1f\x7f]/;

// The verifier key "<name>+<hex key id>+<base64(0x01 ‖ public key)>", its key id checked.
export async function parseVerifierKey(text) {
  const trimmed = String(text || "").trim();
  const first = trimmed.indexOf("+");
  const second = trimmed.indexOf("+", first + 1); // base64 may hold a "+" itself
  if (first < 1 || second < 0) throw new LogError("a key is <name>+<8 hex digits>+<base64 key>");
  const [name, id, material] = [trimmed.slice(0, first), trimmed.slice(first + 1, second), trimmed.slice(second + 1)];
  if (/[\s+]/.test(name) || CONTROL.test(name) || !/^[0-9a-f]{8}$/.test(id)) throw new LogError("a key is <name>+<8 hex digits>+<base64 key>");
  const raw = fromBase64(material);
  if (!raw || raw.length !== 33 || raw[0] !== 1) throw new LogError("not an Ed25519 verifier key (0x01 and 32 bytes in base64)");
  const publicKey = raw.slice(1);
  const keyId = (await sha256(concat(utf8.encode(name), [0x0a, 0x01], publicKey))).slice(0, 4);
  if (toHex(keyId) !== id) throw new LogError("the key id does not match the key");
  return { name, keyId, publicKey, text: trimmed };
}

// The text of a signed note that `key` signed, as signed-note says: the text ends at the last
// blank line, other keys' signatures are ignored, and a bad signature of this key rejects it.
export async function openNote(note, key) {
  if (typeof note !== "string" || !note.endsWith("\n")) throw new LogError("a signed note ends in a newline");
  const split = note.lastIndexOf("\n\n");
  if (split < 0) throw new LogError("not a signed note: no blank line before the signatures");
  const text = note.slice(0, split + 1);
  if (CONTROL.test(text.replaceAll("\n", ""))) throw new LogError("a note's text has no control characters");
  let found = false;
  for (const line of note.slice(split + 2, -1).split("\n")) {
    const [dash, name, blob, ...rest] = line.split(" ");
    const raw = fromBase64(blob);
    if (dash !== EM_DASH || !name || rest.length || !raw || raw.length < 5) throw new LogError("malformed signature line");
    if (name !== key.name || !equalBytes(raw.slice(0, 4), key.keyId)) continue;
    const publicKey = await crypto.subtle.importKey("raw", key.publicKey, { name: "Ed25519" }, false, ["verify"]);
    if (!(await crypto.subtle.verify({ name: "Ed25519" }, publicKey, raw.slice(4), utf8.encode(text)))) {
      throw new LogError(`the signature of ${name} does not verify`);
    }
    found = true;
  }
  if (!found) throw new LogError(`not signed by the key ${key.name}+${toHex(key.keyId)}`);
  return text;
}

// {origin, size, root} of a checkpoint signed by `key`, whose origin is the key's name.
export async function openCheckpoint(note, key) {
  const lines = (await openNote(note, key)).slice(0, -1).split("\n");
  if (lines.length !== 3) throw new LogError("a checkpoint of this log has exactly three lines");
  const [origin, sizeText, rootText] = lines;
  if (origin !== key.name) throw new LogError(`the checkpoint is of another log: ${JSON.stringify(origin)}`);
  if (!/^(0|[1-9][0-9]*)$/.test(sizeText) || !Number.isSafeInteger(Number(sizeText))) throw new LogError("the tree size is not a decimal number");
  const root = fromBase64(rootText);
  if (!root || root.length !== HASH_SIZE) throw new LogError("the root hash is not 32 bytes of base64");
  return { origin, size: Number(sizeText), root };
}

// The tree size a checkpoint claims, unchecked: only to ask the server for the right proof.
export function checkpointSize(note) {
  const line = String(note || "").split("\n")[1];
  return /^(0|[1-9][0-9]*)$/.test(line || "") ? Number(line) : null;
}

// --- leaves ---------------------------------------------------------------------------------

export const archivedLeaf = (gameId, headHash, count) => `foxden/archived/1\n${gameId}\n${headHash}\n${count}\n`;

// {kind, gameId, headHash, count, note} of a leaf's text, or null when it is not one.
export function parseLeaf(text) {
  const lines = typeof text === "string" ? text.split("\n") : [];
  const kind = { "foxden/archived/1": "archived", "foxden/tombstone/1": "tombstone" }[lines[0]];
  if (!kind || lines.at(-1) !== "" || lines.length !== (kind === "archived" ? 5 : 6)) return null;
  if (!/^[!-~]{1,128}$/.test(lines[1]) || !/^[0-9a-f]{64}$/.test(lines[2]) || !/^(0|[1-9][0-9]*)$/.test(lines[3])) return null;
  return { kind, gameId: lines[1], headHash: lines[2], count: Number(lines[3]), note: kind === "tombstone" ? lines[4] : null };
}

// --- the check ------------------------------------------------------------------------------

const hashes = (list, what) => {
  if (!Array.isArray(list)) throw new LogError(`${what} is not a list of hashes`);
  return list.map((item) => {
    const raw = fromBase64(item);
    if (!raw || raw.length !== HASH_SIZE) throw new LogError(`${what} holds something that is not a 32-byte hash in base64`);
    return raw;
  });
};

// Is the kept checkpoint a prefix of the new one (or the new one of the kept, if larger)? A sentence, or a LogError.
async function consistent(older, newer, consistency) {
  const [small, large] = older.size <= newer.size ? [older, newer] : [newer, older];
  const said = older.size <= newer.size
    ? `the log extends the checkpoint of size ${older.size} you kept`
    : `the checkpoint of size ${older.size} you kept extends this one`;
  if (small.size === 0) return said;
  if (small.size === large.size) {
    if (!equalBytes(small.root, large.root)) throw new LogError(`the checkpoint you kept and this one both have ${small.size} leaves but different root hashes: the log was rewritten`);
    return `the checkpoint you kept (size ${older.size}) is the same tree`;
  }
  if (!consistency) throw new LogError(`no consistency proof between sizes ${small.size} and ${large.size} to check the checkpoint you kept`);
  if (consistency.from !== small.size || consistency.to !== large.size) throw new LogError(`the consistency proof is not between sizes ${small.size} and ${large.size}`);
  const path = hashes(consistency.proof, "the consistency proof");
  if (!(await verifyConsistency(small.size, large.size, small.root, large.root, path))) {
    throw new LogError(`the log of size ${large.size} does not extend the one of size ${small.size}: a game archived before was dropped, changed or reordered`);
  }
  return said;
}

async function opened(note, key, what) {
  try {
    return await openCheckpoint(note, key);
  } catch (error) {
    throw new LogError(`${what} does not verify with the log's key: ${error.message}`);
  }
}

// The `log` check of a game whose audited events number `count` and end in `headHash`:
// {name: "log", ok, detail, checkpoint} (ok null when the game is not in the log: proof null).
export async function checkLog({ gameId, headHash, count, proof, verifierKey, kept = null, consistency = null }) {
  const result = (ok, detail, extra = {}) => ({ name: "log", ok, detail, version: null, ...extra });
  if (!proof) return result(null, "not archived yet: nothing to check");
  try {
    if (typeof proof !== "object" || typeof proof.leaf !== "string" || typeof proof.checkpoint !== "string") throw new LogError("the log proof is malformed");
    const key = await parseVerifierKey(verifierKey).catch((error) => {
      throw new LogError(`the log's verifier key is not usable: ${error.message}`);
    });
    const checkpoint = await opened(proof.checkpoint, key, "the checkpoint");
    if (checkpoint.size !== proof.tree_size) throw new LogError(`the proof is for a tree of size ${proof.tree_size}, its checkpoint of size ${checkpoint.size}`);
    if (proof.game_id !== gameId) throw new LogError("the log proof is for another game");
    const leaf = parseLeaf(proof.leaf);
    if (!leaf) throw new LogError("the proof's leaf is not a leaf of this log");
    if (leaf.gameId !== gameId) throw new LogError("the proof's leaf names another game");
    if (leaf.kind === "tombstone") throw new LogError(`the log records this game as deleted, not archived (a tombstone at ${leaf.count} events; the operator's note: ${leaf.note})`);
    if (leaf.count !== count) throw new LogError(`the log holds this game with ${leaf.count} events, the audited record has ${count}: events were added or dropped since it was archived`);
    if (proof.leaf !== archivedLeaf(gameId, headHash, count)) throw new LogError("the log holds another head hash for this game: its events were changed since it was archived");
    const path = hashes(proof.inclusion, "the inclusion proof");
    if (!(await verifyInclusion(await leafHash(proof.leaf), proof.leaf_index, proof.tree_size, path, checkpoint.root))) {
      throw new LogError(`the inclusion proof of leaf ${proof.leaf_index} does not lead to the root hash of the checkpoint of size ${checkpoint.size}: the log does not hold this leaf there`);
    }
    let detail = `In the log: leaf ${proof.leaf_index} of a checkpoint of size ${checkpoint.size}, signed by ${checkpoint.origin}`;
    if (kept && kept.trim()) {
      const older = await opened(kept, key, "the checkpoint you kept");
      detail += `; ${await consistent(older, checkpoint, consistency)}`;
    }
    return result(true, detail, { checkpoint: proof.checkpoint, size: checkpoint.size });
  } catch (error) {
    if (!(error instanceof LogError)) throw error;
    return result(false, error.message);
  }
}
