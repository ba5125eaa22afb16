// The page the home page's demo is recorded on (npm run demo:make): a CRM dashboard of our own, so the demo shows
// what a buyer records (a product with a sidebar, figures, a table and a form), not our own site on localhost. It is
// served as the HTTP proxy of the browser that records it, so the page's address is DEMO_PAGE_URL (a reserved
// .example name) and the video's browser frame shows that.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Where the recording browser finds the demo page (through the proxy serveDemoPage starts). */
export const DEMO_PAGE_URL = 'http://crm.acme.example/';

const DEALS = [
  ['Initech', 'Payroll migration', 'Proposal', '$ 86,000', 'Jordan Lee', 'Mar 14'],
  ['Umbrella Health', 'Clinic rollout', 'Negotiation', '$ 142,500', 'Priya Shah', 'Mar 21'],
  ['Stark Logistics', 'Fleet analytics', 'Discovery', '$ 38,900', 'Sam Okafor', 'Apr 02'],
  ['Wayne Retail', 'Loyalty app', 'Proposal', '$ 64,250', 'Jordan Lee', 'Apr 09'],
  ['Hooli', 'Support seats (120)', 'Won', '$ 52,800', 'Mia Chen', 'Feb 27'],
  ['Soylent Foods', 'Supplier portal', 'Negotiation', '$ 97,400', 'Priya Shah', 'Apr 16'],
  ['Vandelay Import', 'Customs module', 'Discovery', '$ 23,100', 'Sam Okafor', 'Apr 23'],
  ['Cyberdyne', 'Security review', 'Proposal', '$ 71,600', 'Mia Chen', 'May 05'],
] as const;

const row = ([company, deal, stage, value, owner, close]: readonly string[]) =>
  `<tr><td><strong>${company}</strong></td><td>${deal}</td><td><span class="stage ${stage?.toLowerCase()}">${stage}</span></td><td class="num">${value}</td><td>${owner}</td><td>${close}</td></tr>`;

/** The page: one self-contained HTML document (no fonts or scripts from elsewhere). */
export const DEMO_PAGE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pipeline · Acme CRM</title>
<style>
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.45 system-ui, sans-serif; color: #0f172a; background: #f1f5f9; display: flex; }
  nav { width: 210px; min-height: 100vh; background: #0f172a; color: #cbd5e1; padding: 20px 14px; flex: none; }
  nav .logo { color: #fff; font-weight: 700; font-size: 18px; margin: 0 8px 24px; }
  nav .logo span { display: inline-block; width: 22px; height: 22px; border-radius: 6px; margin-right: 8px;
    vertical-align: -5px; background: linear-gradient(135deg, #6366f1, #22d3ee); }
  nav a { display: block; padding: 8px 10px; border-radius: 8px; color: inherit; text-decoration: none; margin-bottom: 2px; }
  nav a.on { background: #1e293b; color: #fff; }
  .app { flex: 1; min-width: 0; }
  header { display: flex; align-items: center; gap: 12px; padding: 14px 28px; background: #fff; border-bottom: 1px solid #e2e8f0;
    position: sticky; top: 0; z-index: 5; }
  header input { flex: 1; max-width: 420px; padding: 9px 12px; border: 1px solid #cbd5e1; border-radius: 8px; font: inherit; }
  .primary { background: #4f46e5; color: #fff; border: 0; border-radius: 8px; padding: 9px 16px; font: 600 15px system-ui, sans-serif; cursor: pointer; }
  .avatar { width: 34px; height: 34px; border-radius: 50%; background: #f59e0b; color: #fff; display: grid; place-items: center; font-weight: 700; margin-left: auto; }
  main { padding: 24px 28px 60px; }
  h1 { margin: 0; font-size: 26px; } .sub { color: #64748b; margin: 2px 0 20px; }
  .cards { display: grid; grid-template-columns: repeat(4, 1fr); gap: 14px; margin-bottom: 20px; }
  .card { background: #fff; border: 1px solid #e2e8f0; border-radius: 12px; padding: 14px 16px; cursor: pointer; }
  .card.picked { border-color: #4f46e5; box-shadow: 0 0 0 2px #c7d2fe; }
  .card small { color: #64748b; } .card b { display: block; font-size: 24px; margin-top: 4px; }
  .card i { font-style: normal; font-size: 13px; color: #16a34a; }
  .panel { background: #fff; border: 1px solid #e2e8f0; border-radius: 12px; padding: 16px; margin-bottom: 20px; }
  .bars { display: flex; gap: 18px; align-items: flex-end; height: 120px; }
  .bars div { flex: 1; background: linear-gradient(#818cf8, #4f46e5); border-radius: 6px 6px 0 0; position: relative; }
  .bars div::after { content: attr(data-label); position: absolute; bottom: -22px; left: 0; right: 0; text-align: center; color: #64748b; font-size: 13px; }
  table { width: 100%; border-collapse: collapse; }
  th { text-align: left; color: #64748b; font-weight: 600; font-size: 13px; padding: 8px 10px; border-bottom: 1px solid #e2e8f0; }
  td { padding: 11px 10px; border-bottom: 1px solid #f1f5f9; } td.num { font-variant-numeric: tabular-nums; }
  tr.new td { background: #eef2ff; }
  .stage { padding: 2px 9px; border-radius: 99px; font-size: 13px; font-weight: 600; background: #e2e8f0; }
  .stage.won { background: #dcfce7; color: #166534; } .stage.negotiation { background: #fef3c7; color: #92400e; }
  .stage.proposal { background: #e0e7ff; color: #3730a3; } .stage.discovery { background: #f1f5f9; color: #334155; }
  aside { position: fixed; top: 0; right: 0; bottom: 0; width: 380px; background: #fff; border-left: 1px solid #e2e8f0;
    padding: 26px; transform: translateX(100%); transition: transform 0.3s ease; z-index: 6; }
  aside.open { transform: none; box-shadow: -12px 0 30px rgba(15, 23, 42, 0.12); }
  aside h2 { margin: 0 0 18px; font-size: 20px; }
  aside label { display: block; font-weight: 600; margin-bottom: 14px; }
  aside input, aside select { display: block; width: 100%; margin-top: 6px; padding: 9px 12px; border: 1px solid #cbd5e1; border-radius: 8px; font: 400 15px system-ui, sans-serif; }
  .toast { position: fixed; bottom: 24px; left: 50%; transform: translateX(-50%); background: #0f172a; color: #fff; padding: 10px 18px; border-radius: 10px; opacity: 0; transition: opacity 0.3s; }
  .toast.show { opacity: 1; }
</style></head>
<body>
  <nav><div class="logo"><span></span>Acme CRM</div>
    <a class="on" href="#">Pipeline</a><a href="#">Deals</a><a href="#">Contacts</a><a href="#">Companies</a><a href="#">Reports</a><a href="#">Settings</a></nav>
  <div class="app">
    <header><input placeholder="Search deals, contacts, companies…" aria-label="Search"><button class="primary" id="new-deal">New deal</button><div class="avatar">JL</div></header>
    <main>
      <h1>Pipeline</h1><p class="sub">Q1 2027 · 48 open deals · updated a minute ago</p>
      <div class="cards">
        <div class="card"><small>Open value</small><b>$ 1.28M</b><i>▲ 12 % this month</i></div>
        <div class="card" id="won"><small>Won this month</small><b>$ 214,800</b><i>▲ 8 deals</i></div>
        <div class="card"><small>Win rate</small><b>32 %</b><i>▲ 3 points</i></div>
        <div class="card"><small>Average cycle</small><b>24 days</b><i>▼ 2 days</i></div>
      </div>
      <div class="panel"><div class="bars">
        <div style="height: 92%" data-label="Discovery"></div><div style="height: 74%" data-label="Proposal"></div>
        <div style="height: 51%" data-label="Negotiation"></div><div style="height: 33%" data-label="Won"></div></div><div style="height: 22px"></div></div>
      <div class="panel"><table><thead><tr><th>Company</th><th>Deal</th><th>Stage</th><th>Value</th><th>Owner</th><th>Close</th></tr></thead>
        <tbody id="deals">${DEALS.map(row).join('')}</tbody></table></div>
    </main>
  </div>
  <aside id="form"><h2>New deal</h2>
    <label>Company<input id="company" autocomplete="off"></label>
    <label>Deal<input id="deal" autocomplete="off"></label>
    <label>Value<input id="value" autocomplete="off" inputmode="numeric"></label>
    <label>Stage<select id="stage"><option>Discovery</option><option selected>Proposal</option><option>Negotiation</option></select></label>
    <button class="primary" id="save">Save deal</button></aside>
  <div class="toast" id="toast">Deal saved</div>
<script>
  const $ = (id) => document.getElementById(id);
  $('won').onclick = () => $('won').classList.toggle('picked');
  $('new-deal').onclick = () => $('form').classList.add('open');
  $('save').onclick = () => {
    const cells = [$('company').value, $('deal').value, $('stage').value, '$ ' + $('value').value, 'Jordan Lee', 'May 12'];
    const row = document.createElement('tr');
    row.className = 'new';
    row.innerHTML = cells.map((text, i) => i === 2 ? '<td><span class="stage ' + text.toLowerCase() + '">' + text + '</span></td>' : '<td>' + (i === 0 ? '<strong>' + text + '</strong>' : text) + '</td>').join('');
    $('deals').prepend(row);
    $('form').classList.remove('open');
    $('toast').classList.add('show');
    setTimeout(() => $('toast').classList.remove('show'), 1800);
  };
</script>
</body></html>`;

/**
 * Serves the demo page as an HTTP proxy (every address it is asked for answers the page; the browser is started with
 * --proxy-server=<proxy>, and loopback addresses, the site's, bypass it). Resolves once listening.
 */
export async function serveDemoPage(): Promise<{ proxy: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    if (!request.url?.endsWith('/')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(DEMO_PAGE_HTML);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    proxy: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
