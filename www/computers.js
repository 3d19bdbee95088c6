// Computer players' turns for one game on a page: the search runs in a Web Worker (the
// page keeps answering), then the actions are played one by one, a moment apart, so that
// people can follow them. Used by the full page and by <carcassonne-game>.

export class Computers {
  /**
   * @param bindings the wasm bindings (for `thinkTurn` on the page where workers fail)
   * @param options `{workerUrl, stepMs, onError(message)}` (the message: why a computer
   *   could not move); `workerUrl: null` thinks on
   *   the page (a page opened from file:// cannot start workers).
   */
  constructor(bindings, { workerUrl = null, stepMs = 500, onError = () => {} } = {}) {
    this.bindings = bindings;
    this.workerUrl = workerUrl;
    this.stepMs = stepMs;
    this.onError = onError;
    this.worker = null;
    this.token = 0; // bumped to forget a search whose game or position has gone
    this.busy = false;
    this.applying = false; // between a computer's apply and its change's news
    this.game = null;
    this.view = null;
    // The computers' choices are random (the browser's generator); a number here makes
    // them repeat exactly, for tests.
    this.seed = null;
  }

  /** Follow another game (or none); a search for the old one is forgotten. */
  attach(game, view) {
    this.cancel();
    this.game = game;
    this.view = view;
  }

  /** The level of the computer on turn in snapshot `s`, or null for a person. */
  level(s) { return s.over ? null : s.computers?.[s.current_player] || null; }

  cancel() { this.token++; this.busy = false; }

  /** Every change to the game, whoever made it (the table calls this first). A change this
   *  search did not make (a host page's apply or undo, even one made while a computer's own
   *  move was being told) leaves the search stale: it is forgotten, and `next` starts again
   *  from the game as it is, rather than playing moves the game would refuse. */
  changed() {
    if (this.applying) this.applying = false; // the news of the computer's own move
    else if (this.busy) this.cancel();
  }

  /** Start the computer's turn if one is on turn. `s`: the snapshot just rendered. */
  next(s = this.game?.snapshot()) {
    const game = this.game;
    if (!game || this.busy) return;
    const level = this.level(s);
    this.view?.setLocked(!!level);
    if (!level) return;
    this.busy = true;
    const token = ++this.token;
    const job = { id: token, record: game.exportRecord(), level,
      seed: this.seed == null ? undefined : this.seed + s.actions * 7 + s.current_player };
    this.think(job).then((answer) => {
      if (token !== this.token) return;
      if (answer.error) throw new Error(answer.error);
      return this.play(token, answer.actions);
    }).then(() => {
      if (token !== this.token) return;
      this.busy = false;
      this.next();
    }, (e) => {
      // Stay stopped (a retry would fail the same way); a new game or a reload starts over.
      if (token === this.token) this.onError(e.message);
    });
  }

  /** Ask the worker; where there is none (file://, an old browser, a failure) think here. */
  think(job) {
    const here = () => new Promise((r) => setTimeout(() => {
      try { r(this.bindings.thinkTurn(job.record, job.level, job.seed)); } catch (e) { r({ error: e.message }); }
    }, 0));
    if (!this.workerUrl) return here();
    try {
      this.worker ??= new Worker(this.workerUrl, { type: "module" });
    } catch {
      this.workerUrl = null;
      return here();
    }
    const worker = this.worker;
    return new Promise((resolve) => {
      const done = (answer) => {
        worker.removeEventListener("message", onMessage);
        worker.removeEventListener("error", onError);
        resolve(answer);
      };
      const onMessage = (e) => { if (e.data.id === job.id) done(e.data); };
      const onError = (e) => {
        // The worker could not start or broke: think on the page from now on.
        e.preventDefault?.();
        this.worker = null;
        this.workerUrl = null;
        here().then(done);
      };
      worker.addEventListener("message", onMessage);
      worker.addEventListener("error", onError);
      worker.postMessage(job);
    });
  }

  async play(token, actions) {
    for (const a of actions) {
      await new Promise((r) => setTimeout(r, this.stepMs));
      if (token !== this.token) return;
      this.applying = true;
      try { this.game.apply(a); } finally { this.applying = false; }
    }
  }
}
