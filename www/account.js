// The page's account dialog (issue 38; docs/online.md, "Accounts"): an account with a
// passkey (WebAuthn), made, signed in to on another device, given a second passkey, signed
// out of and deleted. The server keeps the session in an HttpOnly cookie, so this page
// never holds a credential; it only carries the browser's passkey answers to /account.
import { $, el } from "./dom.js";
import { kindText, ratingText } from "./leaderboard.js";

/** base64url text → bytes, and back (WebAuthn's JSON writes binary fields so). */
const fromB64 = (s) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const toB64 = (buf) => btoa(String.fromCharCode(...new Uint8Array(buf))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** The server's options for `navigator.credentials` (binary fields as bytes). */
function publicKey(options) {
  const pk = { ...options.publicKey, challenge: fromB64(options.publicKey.challenge) };
  if (pk.user) pk.user = { ...pk.user, id: fromB64(pk.user.id) };
  for (const list of ["excludeCredentials", "allowCredentials"]) {
    if (pk[list]) pk[list] = pk[list].map((c) => ({ ...c, id: fromB64(c.id) }));
  }
  return pk;
}

/** A passkey's answer as the server reads it. */
function answer(cred) {
  const r = cred.response, out = {};
  for (const k of ["clientDataJSON", "attestationObject", "authenticatorData", "signature", "userHandle"]) {
    if (r[k]) out[k] = toB64(r[k]);
  }
  return { id: cred.id, rawId: toB64(cred.rawId), type: cred.type, response: out,
    extensions: cred.getClientExtensionResults?.() ?? {} };
}

/** A request to the account API: its JSON, or an Error with the server's `code`. */
async function call(path, body) {
  const res = await fetch(path, body === undefined ? { credentials: "same-origin" }
    : { method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw Object.assign(new Error(json.message || res.statusText), { code: json.error || String(res.status) });
  return json;
}

export class AccountDialog {
  /** `page`: the page's shared state (app.js). */
  constructor(page) {
    this.page = page;
    /** The signed-in account as the server said ({name, passkeys, ratings}), or null. */
    this.account = null;
    $("#ng-account").addEventListener("click", () => { $("#new-game").close(); this.open(); });
    $("#acct-close").addEventListener("click", () => $("#account").close());
    $("#acct-form").addEventListener("submit", (e) => { e.preventDefault(); this.run("sign-up", { name: $("#acct-name").value.trim() }); });
    $("#acct-sign-in").addEventListener("click", () => {
      if (!$("#acct-name").reportValidity()) return;
      this.run("sign-in", { name: $("#acct-name").value.trim() });
    });
    $("#acct-add").addEventListener("click", () => this.run("passkey"));
    $("#acct-sign-out").addEventListener("click", () => this.signOut());
    $("#acct-delete").addEventListener("click", () => { $("#acct-delete-box").hidden = false; $("#acct-delete-go").focus(); });
    $("#acct-delete-no").addEventListener("click", () => { $("#acct-delete-box").hidden = true; });
    $("#acct-delete-go").addEventListener("click", () => this.run("delete"));
    $("#acct-bot").addEventListener("click", () => { $("#acct-bot-box").hidden = false; $("#acct-bot-key").hidden = true; $("#acct-bot-go").focus(); });
    $("#acct-bot-no").addEventListener("click", () => { $("#acct-bot-box").hidden = true; });
    $("#acct-bot-go").addEventListener("click", () => this.botKey());
  }

  async open() {
    this.say("");
    $("#acct-delete-box").hidden = true;
    $("#acct-bot-box").hidden = true;
    $("#account").showModal();
    await this.refresh();
  }

  /** Ask the server who is signed in. */
  async refresh() {
    const before = this.account?.id;
    try { this.account = (await call("/account")).account; } catch { this.account = null; }
    this.show();
    if (before !== this.account?.id) this.changed();
    return this.account;
  }

  show() {
    const t = this.page.t, a = this.account;
    $("#acct-out").hidden = !!a;
    $("#acct-in").hidden = !a;
    if (!a) {
      if (!$("#acct-name").value) $("#acct-name").value = this.page.settings.name || "";
      return;
    }
    $("#acct-who").textContent = t(a.bot ? "account.signedInBot" : "account.signedIn", { name: a.name });
    $("#acct-passkeys").textContent = t("account.passkeys", { n: a.passkeys });
    $("#acct-ratings").replaceChildren(...a.ratings.map((r) => el("li", {},
      t("account.rating", { kind: kindText(r.kind, t), rating: ratingText(r.rating, r.deviation, t.lang), n: r.games }))));
    $("#acct-ratings-none").hidden = a.ratings.length > 0;
  }

  /** Signed in or out: the page's connection starts again with the new cookie, and the
   *  rated choices show or hide. */
  changed() {
    this.page.online?.renew?.();
    this.page.newGame?.syncOnline();
    this.page.lobby?.syncRated();
  }

  say(text) { $("#acct-status").textContent = text; }

  /** A ceremony: the start request, the browser's passkey, the finish request. */
  async run(kind, body = {}) {
    const t = this.page.t;
    if (!window.PublicKeyCredential || !navigator.credentials) { this.say(t("account.unsupported")); return; }
    if ((kind === "sign-up" || kind === "sign-in") && !body.name) { $("#acct-name").focus(); return; }
    this.say(t("account.working"));
    try {
      const start = await call(`/account/${kind}`, body);
      const pk = publicKey(start.options);
      const cred = kind === "sign-up" || kind === "passkey"
        ? await navigator.credentials.create({ publicKey: pk })
        : await navigator.credentials.get({ publicKey: pk });
      const done = await call("/account/finish", { ceremony: start.ceremony, credential: answer(cred) });
      const before = this.account?.id;
      this.account = done.account ?? null;
      if (this.account) { this.page.settings.name = this.account.name; this.page.keepSettings(); }
      this.show();
      if (before !== this.account?.id) this.changed();
      $("#acct-delete-box").hidden = true;
      this.say(t(done.deleted ? "account.deleted" : kind === "passkey" ? "account.added" : "account.welcome", { name: this.account?.name ?? "" }));
    } catch (e) {
      this.say(this.why(e));
    }
  }

  /** What to tell the player of a failure. */
  why(e) {
    const t = this.page.t;
    if (e.name === "NotAllowedError" || e.name === "AbortError") return t("account.cancelled");
    if (e.name === "InvalidStateError") return t("account.known");
    const codes = { name_taken: "account.taken", no_such_account: "account.none", quota: "account.quota",
      name_reserved: "account.reserved", no_domain: "account.noDomain" };
    return codes[e.code] ? t(codes[e.code]) : e.message;
  }

  /** A key for the player's bot: shown once, the account marked as a program's. */
  async botKey() {
    try {
      const { key } = await call("/account/bot-key", {});
      $("#acct-bot-key").value = key;
      $("#acct-bot-key").hidden = false;
      $("#acct-bot-key").select();
      this.say(this.page.t("account.botMade"));
      if (this.account) { this.account.bot = true; this.show(); }
    } catch (e) {
      this.say(this.why(e));
    }
  }

  async signOut() {
    try { await call("/account/sign-out", {}); } catch (e) { this.say(this.why(e)); return; }
    this.account = null;
    this.show();
    this.changed();
    this.say(this.page.t("account.signedOut"));
  }
}
