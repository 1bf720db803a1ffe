// The account page: sign up (the key is shown once), sign in with a key or with a device code
// from another device, sign out, make a device code for another device, and opt in to
// notifications when it becomes my turn. The key is kept in localStorage (core/account.js).
import { api } from "../core/api.js";
import { h, mount, showError, clearError, crumbs, copyField } from "../core/ui.js";
import { account, signIn, signOut } from "../core/account.js";
import { notifyWanted, setNotify } from "../core/myturn.js";

export async function show(main) {
  crumbs({ label: "Lobby", href: "/" }, { label: "Account" });
  document.title = "Foxden — account";
  draw(main);
  window.addEventListener("foxden:account", () => draw(main));
}

function draw(main, shownKey = null) {
  const me = account();
  mount(main, me ? signedIn(main, me, shownKey) : signedOut(main));
}

function signedOut(main) {
  const handle = h("input", { id: "signup-handle", name: "handle", required: true, minlength: 3, maxlength: 24, autocomplete: "username", placeholder: "ada" });
  const kind = h("select", { id: "signup-kind", name: "kind" }, h("option", { value: "person" }, "a person"), h("option", { value: "bot" }, "a bot"));
  const key = h("input", { id: "signin-key", name: "key", required: true, autocomplete: "off", placeholder: "fdk_…", size: 40 });
  const code = h("input", { id: "device-code-input", name: "code", required: true, autocomplete: "off", placeholder: "ABCD2345", size: 10 });

  const signUp = async (event) => {
    event.preventDefault();
    clearError();
    try {
      const created = await api.signUp({ handle: handle.value.trim(), kind: kind.value });
      await signIn(created.key.key);
      // Drawn after the sign-in's redraw: the key, once.
      draw(main, created.key.key);
    } catch (error) {
      showError(error);
    }
  };
  const withKey = async (event) => {
    event.preventDefault();
    clearError();
    try {
      await signIn(key.value);
    } catch (error) {
      showError(error.status === 401 ? { title: "This key does not sign in", detail: "the service does not know it, or it was revoked" } : error);
    }
  };
  const withCode = async (event) => {
    event.preventDefault();
    clearError();
    try {
      const fresh = await api.redeemDeviceCode(code.value.trim().toUpperCase());
      await signIn(fresh.key);
    } catch (error) {
      showError(error);
    }
  };
  return [
    h("section.hero", h("h1", "Your account"),
      h("p", "An account keeps your seats across games and devices: sign in with its key anywhere and every table you sit at is yours again. You can also play without one; the seats you take are then kept in this browser only.")),
    h("div.columns",
      h("section.panel", h("h2", "Sign up"),
        h("form.account-form", { id: "sign-up", onsubmit: signUp },
          h("label", "Handle ", handle), h("label", "Played by ", kind),
          h("small.muted", "3 to 24 letters, digits, _ or -."),
          h("button.primary", { type: "submit" }, "Sign up"))),
      h("section.panel", h("h2", "Sign in with a key"),
        h("form.account-form", { id: "sign-in", onsubmit: withKey },
          h("label", "Key ", key),
          h("button.primary", { type: "submit" }, "Sign in")),
        h("h2", "Sign in with a code from another device"),
        h("form.account-form", { id: "redeem", onsubmit: withCode },
          h("label", "Code ", code),
          h("small.muted", "On a device where you are signed in: Account › Move to another device."),
          h("button.primary", { type: "submit" }, "Sign in with the code")))),
  ];
}

function signedIn(main, me, shownKey) {
  const codeBox = h("div", { id: "device-code-box" });
  const makeCode = async () => {
    clearError();
    try {
      const made = await api.deviceCode(me.key);
      const until = new Date(made.expires_at);
      mount(codeBox, h("p.device-code",
        h("strong", { id: "device-code" }, made.code),
        h("span.muted", { id: "device-code-expiry", dataset: { expiresAt: made.expires_at } },
          ` valid once, until ${until.toLocaleTimeString()} (${Math.round((until - Date.now()) / 60000)} min). On the other device open `,
          h("code", `${location.origin}/account`), " and enter it under \u201cSign in with a code\u201d.")));
    } catch (error) {
      showError(error);
    }
  };
  const notify = h("input", { id: "notify", type: "checkbox", checked: notifyWanted() });
  notify.addEventListener("change", async () => {
    notify.checked = await setNotify(notify.checked);
    if (!notify.checked && "Notification" in window && Notification.permission === "denied") {
      showError({ title: "Notifications are blocked", detail: "this browser refuses them for this site; allow them in its settings" });
    }
  });
  return [
    h("section.hero", h("h1", "Your account"),
      h("p", { id: "signed-in" }, "Signed in as ", h("strong", { id: "account-handle" }, me.handle), ` (${me.kind}). `,
        "Tables you create or join now seat this account; ", h("a", { href: "/my-games" }, "my games"), " lists them.")),
    shownKey ? h("section.panel.new-key", { id: "new-key" },
      h("h2", "Your key"),
      h("p", h("strong", "Store it now: it is not shown again."), " It signs you in on any device and lets programs play for you (",
        h("a", { href: "/docs" }, "the API"), "). This browser keeps it until you sign out."),
      copyField("new-key-value", shownKey, "your account key")) : null,
    h("div.columns",
      h("section.panel", h("h2", "Move to another device"),
        h("p", "Make a short-lived code here and enter it on the other device: it signs in there with a key of its own."),
        h("button", { type: "button", id: "make-device-code", onclick: makeCode }, "Make a code"),
        codeBox),
      h("section.panel", h("h2", "When it is your turn"),
        h("p", "The tab's title starts with \u201c(Your turn)\u201d while a game waits for your move."),
        h("label", notify, " also show a browser notification"),
        h("h2", "Sign out"),
        h("p.muted", "This browser forgets the key; your seats stay with the account."),
        h("button", { type: "button", id: "sign-out", onclick: () => { signOut(); } }, "Sign out"))),
  ];
}
