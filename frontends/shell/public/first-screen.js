/* global document -- a script of the page, run in the browser */
// The server's picture of a Bengali first screen (frontends/web/src/first-screen.ts, decision 0070)
// comes hidden, and is shown once its font is here: text laid out while the font was still loading
// kept the fallback's empty boxes in Chromium (shell/src/fonts.ts). Then the app's scripts and
// preloads, held in a template so the font had the line to itself, are started in their order.
(function () {
  var picture = document.getElementById('first-screen');
  var later = document.getElementById('first-screen-later');
  var shown = false;
  var show = function () {
    if (shown) return;
    shown = true;
    if (picture) picture.hidden = false;
    if (!later) return;
    later.content.childNodes.forEach(function (tag) {
      if (tag.nodeName !== 'SCRIPT') return document.head.appendChild(document.importNode(tag, true));
      var script = document.createElement('script');
      script.src = tag.getAttribute('src');
      script.async = false; // in the page's order, as its deferred scripts would have run
      document.head.appendChild(script);
    });
    later.remove();
  };
  // Never hidden for good: past the font's block period the page shows whatever it has.
  setTimeout(show, 3000);
  if (document.fonts && document.fonts.load) document.fonts.load('16px "Noto Sans Bengali"', '\u0985').then(show, show);
  else show();
})();
