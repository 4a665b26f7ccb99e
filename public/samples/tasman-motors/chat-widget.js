/*
 * A stand-in for a chat vendor's script, so the sample dealer shows the whole chat flow offline:
 * the site loads it only after consent and a press of "Chat with us"; it opens a small chat window.
 * A real vendor's script (site.json chat.script_url) draws its own window instead.
 */
(function () {
  var panel = document.createElement('section');
  panel.setAttribute('aria-label', 'Chat with Tasman Motors');
  panel.className = 'sample-chat';
  Object.assign(panel.style, {
    position: 'fixed',
    right: '1rem',
    bottom: '1rem',
    zIndex: '45',
    width: 'min(20rem, calc(100vw - 2rem))',
    padding: '1rem',
    background: '#fff',
    color: '#1d232b',
    border: '1px solid #d9dee4',
    borderRadius: '14px',
    boxShadow: '0 16px 40px rgb(16 24 40 / 0.16)',
    font: 'inherit',
  });
  var heading = document.createElement('h2');
  heading.textContent = 'Chat with Tasman Motors';
  Object.assign(heading.style, { fontSize: '1.125rem', margin: '0 0 0.5rem' });
  var hello = document.createElement('p');
  hello.textContent = 'Kia ora! A member of our team will reply here shortly.';
  Object.assign(hello.style, { margin: '0 0 0.75rem' });
  var close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Close chat';
  close.className = 'btn btn-secondary btn-sm';
  close.addEventListener('click', function () {
    panel.remove();
  });
  panel.append(heading, hello, close);
  document.body.append(panel);
  window.sampleChatLoaded = true;
  heading.tabIndex = -1;
  heading.focus();
})();
