// The firm's page script: ask our own back end for a flow link, then open it with the web SDK (global KycFlow).
const list = document.getElementById('events');
const log = (event) => {
  const item = document.createElement('li');
  item.textContent = JSON.stringify(event);
  item.dataset.type = event.type;
  list.append(item);
};

async function link() {
  const response = await fetch('/start-verification', { method: 'POST' });
  if (!response.ok) throw new Error('could not start');
  return (await response.json()).url;
}

document.getElementById('modal').addEventListener('click', async () => {
  window.KycFlow.open({ url: await link(), onEvent: log });
});

document.getElementById('inline').addEventListener('click', async () => {
  window.KycFlow.mount('#flow', { url: await link(), onEvent: log });
});
