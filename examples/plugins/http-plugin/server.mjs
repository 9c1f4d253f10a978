#!/usr/bin/env node
// A buddy plugin served over HTTP: buddy-tui POSTs each matching hook JSON to /buddy and
// shows the JSON reaction it answers. It counts the files Claude edits per session.
//   HTTP_PLUGIN_PORT=7357 HTTP_PLUGIN_TOKEN=change-me node server.mjs
import { createServer } from 'node:http';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Starts the server on 127.0.0.1; resolves with the port it listens on. */
export function startServer({ port = 0, token } = {}) {
  const editsPerSession = new Map();
  const server = createServer((request, response) => {
    const reply = (status, body) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body === undefined ? '' : JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== '/buddy') return reply(404, { error: 'not found' });
    if (token && request.headers.authorization !== `Bearer ${token}`) return reply(401, { error: 'bad token' });
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => {
      raw += chunk;
      if (raw.length > 1_000_000) request.destroy();
    });
    request.on('end', () => {
      let event;
      try {
        event = JSON.parse(raw);
      } catch {
        return reply(400, { error: 'not JSON' });
      }
      const file = event.tool_input?.file_path;
      if (event.hook_event_name !== 'PostToolUse' || typeof file !== 'string') return reply(200, {});
      const count = (editsPerSession.get(event.session_id) ?? 0) + 1;
      editsPerSession.set(event.session_id, count);
      if (count === 1) return reply(200, { reaction: `First edit of the session: ${basename(file)}.`, mood: 'happy' });
      if (count % 5 === 0)
        return reply(200, { reaction: `${count} files edited this session. Commit soon?`, mood: 'thinking' });
      return reply(200, {});
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve({ port: server.address().port, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { port } = await startServer({
    port: Number(process.env.HTTP_PLUGIN_PORT ?? 7357),
    token: process.env.HTTP_PLUGIN_TOKEN,
  });
  process.stdout.write(`http-plugin listening on http://127.0.0.1:${port}/buddy\n`);
}
