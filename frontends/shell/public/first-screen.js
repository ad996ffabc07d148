/* global document -- a script of the page, run in the browser */
// The server's picture of a Bengali first screen (frontends/web/src/first-screen.ts, decision 0070)
// comes hidden, and is shown once its font is here: text laid out while the font was still loading
// kept the fallback's empty boxes in Chromium (shell/src/fonts.ts). Loaded async, it runs as soon
// as it arrives, long before the app's scripts; the font was asked for with the page.
(function () {
  var picture = document.getElementById('first-screen');
  if (!picture || !picture.hidden) return;
  var show = function () {
    picture.hidden = false;
  };
  // Never hidden for good: past the font's block period the page shows whatever it has.
  setTimeout(show, 3000);
  if (document.fonts && document.fonts.load) document.fonts.load('16px "Noto Sans Bengali"', '\u0985').then(show, show);
  else show();
})();
