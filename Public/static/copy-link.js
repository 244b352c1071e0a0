// "Copy link, then install": the only script of deeplinkd's pages, served only to pages of routes with
// `copyLink: true`. It shows the copy button and, when the visitor taps it (and only then), puts the page's canonical
// link on the pasteboard. It reads nothing, stores nothing and sends nothing. Without it the link stays on the page,
// selectable.
"use strict";
document.querySelectorAll("[data-copy-link]").forEach(function (button) {
  var status = document.querySelector("[data-copy-status]");
  function say(text) {
    if (status) { status.textContent = text; }
  }
  button.hidden = false;
  button.addEventListener("click", function () {
    var failed = "Could not copy: select the link above and copy it.";
    if (!navigator.clipboard || !navigator.clipboard.writeText) { say(failed); return; }
    navigator.clipboard.writeText(button.getAttribute("data-copy-link")).then(function () {
      say(button.getAttribute("data-copied") || "Copied.");
    }, function () { say(failed); });
  });
});
