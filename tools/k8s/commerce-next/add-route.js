// Adds release-route.js's group to commerce's API part, before its card payments' group.
const fs = require('node:fs');
const file = '/app/services/commerce/dist/api/index.js';
const text = fs.readFileSync(file, 'utf8');
const anchor = '(0, card_payments_1.cardPaymentRoutes)(';
if (!text.includes(anchor)) throw new Error(`${file}: no "${anchor}" to add the route before`);
fs.writeFileSync(file, text.replace(anchor, `require('./release-route').releaseRoutes(),\n            ${anchor}`));
