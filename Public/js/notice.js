// One visible line for what the rider should know now and would otherwise miss: a link whose view could not be
// shown, a location that could not be found. Also read out (role="alert"); closed by its button or after a while.

const shownMs = 15000;
let timer = null;

/** Shows `text` in the page's notice, replacing what it said. */
export function showNotice(text, { persistent = false } = {}) {
  const notice = document.getElementById("notice");
  notice.querySelector(".notice-text").textContent = text;
  notice.hidden = false;
  clearTimeout(timer);
  timer = persistent ? null : setTimeout(() => { notice.hidden = true; }, shownMs);
}

/** Wires the notice's close button. */
export function setUpNotice() {
  const notice = document.getElementById("notice");
  notice.querySelector(".notice-close").addEventListener("click", () => {
    clearTimeout(timer);
    notice.hidden = true;
  });
}
